import Messages
import Runtime
import StripeAPI

/// `terminal.create_connection_token` (Stripe-bound): `POST /v1/terminal/connection_tokens`
/// (optionally restricted to a location) with Idempotency-Key `<message_id>:create_connection_token`.
/// The secret is returned in the reply only, never stored or logged. Thread-safety: `Sendable`, stateless.
struct CreateConnectionTokenHandler: Sendable {
    /// Handles one command.
    /// - Throws: `HandlerError` to retry later.
    func handle(_ command: CreateConnectionToken, _ context: inout HandlerContext) throws -> Reply<CreateConnectionToken.Result> {
        let key = context.idempotencyKey("create_connection_token")
        switch try context.stripe({ client throws(StripeError) in
            try client.createConnectionToken(
                location: command.location,
                options: .idempotent(key, stripeAccount: command.account))
        }) {
        case .success(let token):
            return .ok(CreateConnectionToken.Result(secret: token.secret, location: token.location ?? command.location))
        case .failure(let error):
            return .error(TerminalErrorMapping.reply(error, location: command.location))
        }
    }
}
