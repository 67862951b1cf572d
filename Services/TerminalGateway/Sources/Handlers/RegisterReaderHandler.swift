import Messages
import Runtime
import StripeAPI

/// `terminal.register_reader` (Stripe-bound): `POST /v1/terminal/readers` with the
/// registration code, label and location, Idempotency-Key `<message_id>:register_reader`.
/// An unknown location is `not_found.location`; a bad code is Stripe's
/// `stripe.<code>` error. The reader's location is recorded (its payments reconcile on that
/// location's local day). Thread-safety: `Sendable`, stateless.
struct RegisterReaderHandler: Sendable {
    /// SQL of the readers table.
    let locations: LocationStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: RegisterReader, _ context: inout HandlerContext) throws -> Reply<RegisterReader.Result> {
        let key = context.idempotencyKey("register_reader")
        let params = TerminalReaderCreateParams(
            registrationCode: command.registrationCode, location: command.location,
            label: command.label)
        switch try context.stripe({ client throws(StripeError) in
            try client.createReader(params, options: .idempotent(key, stripeAccount: command.account))
        }) {
        case .success(let reader):
            let summary = ReaderSummary(reader)
            let locations = self.locations
            try context.transaction { db in
                try locations.saveReader(summary.reader, location: summary.location ?? command.location, account: command.account, on: db)
            }
            return .ok(
                RegisterReader.Result(
                    reader: summary.reader, label: summary.label,
                    location: summary.location ?? command.location, deviceType: summary.deviceType,
                    status: summary.status, serialNumber: summary.serialNumber))
        case .failure(let error):
            return .error(TerminalErrorMapping.reply(error, location: command.location))
        }
    }
}
