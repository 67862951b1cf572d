import Messages
import Runtime
import StripeAPI

/// `terminal.collect_payment_method` (Stripe-bound): a server-driven reader reads a card for
/// the order's PaymentIntent without charging it. When it is read, ``TerminalEventHandler``
/// publishes `terminal.payment.method_collected`; `terminal.confirm_payment` follows.
///
/// Same rules as ``ProcessPaymentHandler``: an unknown PaymentIntent → `not_found.payment_intent`,
/// an authorized or captured one → `conflict.invalid_state`; `POST
/// /v1/terminal/readers/{reader}/collect_payment_method` with key
/// `<message_id>:collect_payment_method`; reader errors and the transaction as there
/// (``ReaderActionStart``). Thread-safety: `Sendable`, stateless.
struct CollectPaymentMethodHandler: Sendable {
    /// SQL of the payments table.
    let payments: PaymentStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: CollectPaymentMethod, _ context: inout HandlerContext) throws -> Reply<CollectPaymentMethod.Result> {
        guard let payment = try payments.find(paymentIntent: command.paymentIntent, on: context.db) else {
            return .error(.notFound("payment_intent", id: command.paymentIntent))
        }
        guard payment.state == .requiresPaymentMethod || payment.state == .processing else {
            return .error(.conflict("invalid_state", "payment_intent \(payment.paymentIntent) is \(payment.state.rawValue); nothing to collect"))
        }
        return try ReaderActionStart(payments: payments).start(
            payment, reader: command.reader, key: context.idempotencyKey("collect_payment_method"), context: context
        ) { client, options throws(StripeError) in
            try client.collectPaymentMethod(reader: command.reader, paymentIntent: payment.paymentIntent, options: options)
        }
    }
}
