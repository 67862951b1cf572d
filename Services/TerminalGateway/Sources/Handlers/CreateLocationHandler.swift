import Messages
import Runtime
import StripeAPI

/// `terminal.create_location` (Stripe-bound): `POST /v1/terminal/locations` with
/// Idempotency-Key `<message_id>:create_location`, so a redelivery creates one location.
/// Thread-safety: `Sendable`, stateless.
struct CreateLocationHandler: Sendable {
    /// Handles one command.
    /// - Throws: `HandlerError` to retry later.
    func handle(_ command: CreateLocation, _ context: inout HandlerContext) throws -> Reply<CreateLocation.Result> {
        let a = command.address
        let params = TerminalLocationCreateParams(displayName: command.displayName, line1: a.line1, city: a.city,
                                                  postalCode: a.postalCode, state: a.state, country: a.country,
                                                  metadata: command.metadata)
        var form = params.formParams
        if let line2 = a.line2, case .object(var address)? = form["address"] {
            address.set("line2", line2)
            form["address"] = .object(address)
        }
        let key = context.idempotencyKey("create_location")
        switch try context.stripe({ client throws(StripeError) -> TerminalLocation in
            try client.request(.post, "/v1/terminal/locations", params: form,
                               options: .idempotent(key, stripeAccount: command.account))
        }) {
        case .success(let location):
            return .ok(CreateLocation.Result(location: location.id, displayName: location.displayName ?? command.displayName))
        case .failure(let error):
            return .error(TerminalErrorMapping.reply(error))
        }
    }
}
