import Messages
import Runtime
import StripeAPI

/// `terminal.register_reader` (Stripe-bound): `POST /v1/terminal/readers` with the
/// registration code, label and location, Idempotency-Key `<message_id>:register_reader`.
/// An unknown location is `not_found.location`; a bad code is Stripe's
/// `stripe.<code>` error. Thread-safety: `Sendable`, stateless.
struct RegisterReaderHandler: Sendable {
    /// Handles one command.
    /// - Throws: `HandlerError` to retry later.
    func handle(_ command: RegisterReader, _ context: inout HandlerContext) throws -> Reply<RegisterReader.Result> {
        let key = context.idempotencyKey("register_reader")
        let params = TerminalReaderCreateParams(registrationCode: command.registrationCode, location: command.location,
                                                label: command.label)
        switch try context.stripe({ client throws(StripeError) in
            try client.createReader(params, options: .idempotent(key, stripeAccount: command.account))
        }) {
        case .success(let reader):
            let summary = ReaderSummary(reader)
            return .ok(RegisterReader.Result(reader: summary.reader, label: summary.label,
                                             location: summary.location ?? command.location, deviceType: summary.deviceType,
                                             status: summary.status, serialNumber: summary.serialNumber))
        case .failure(let error):
            return .error(TerminalErrorMapping.reply(error, location: command.location))
        }
    }
}
