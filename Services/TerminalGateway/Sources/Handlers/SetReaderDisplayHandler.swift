import Messages
import Runtime
import StripeAPI

/// `terminal.set_reader_display` (Stripe-bound): `POST /v1/terminal/readers/{id}/set_reader_display`
/// (`type=cart`, the command's cart) with key `<message_id>:set_reader_display`, so a
/// redelivery replays Stripe's answer. Nothing is stored: the reply carries the reader's
/// action state. A busy reader → `conflict.reader_busy` at once; unknown → `not_found.reader`.
/// Thread-safety: `Sendable`, stateless.
struct SetReaderDisplayHandler: Sendable {
    /// Handles one command.
    /// - Throws: `HandlerError` to retry later.
    func handle(_ command: SetReaderDisplay, _ context: inout HandlerContext) throws -> Reply<SetReaderDisplay.Result> {
        let cart = command.cart
        let params = ReaderDisplayCartParams(
            currency: cart.currency.lowercased(),
            lineItems: cart.lineItems.map { ReaderDisplayLineItem(description: $0.description, amount: $0.amount, quantity: $0.quantity) },
            tax: cart.tax, total: cart.total)
        let key = context.idempotencyKey("set_reader_display")
        switch try context.stripe({ client throws(StripeError) in
            try client.setReaderDisplay(reader: command.reader, params, options: .idempotent(key, stripeAccount: command.account))
        }) {
        case .success(let reader):
            return .ok(
                SetReaderDisplay.Result(
                    reader: reader.id,
                    actionStatus: reader.action?.status.map { ReaderActionStatus(rawValue: $0.rawValue) }))
        case .failure(let error):
            return .error(TerminalErrorMapping.reply(error, reader: command.reader))
        }
    }
}
