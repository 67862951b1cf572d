import Messages
import Runtime
import StripeAPI

/// `terminal.collect_payment_method` (Stripe-bound): a server-driven reader reads a card for
/// the order's PaymentIntent without charging it. When it is read, ``TerminalEventHandler``
/// publishes `terminal.payment.method_collected`; `terminal.confirm_payment` follows.
///
/// The payment must await its card (``AwaitingCard``: `not_found.payment_intent`,
/// `conflict.invalid_state`); `POST
/// /v1/terminal/readers/{reader}/collect_payment_method` with key
/// `<message_id>:collect_payment_method`; reader errors and the transaction as there
/// (``ReaderActionStart``). Thread-safety: `Sendable`, stateless.
struct CollectPaymentMethodHandler: Sendable {
    /// SQL of the payments table.
    let payments: PaymentStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: CollectPaymentMethod, _ context: inout HandlerContext) throws -> Reply<CollectPaymentMethod.Result> {
        let payment: TerminalPayment
        switch try AwaitingCard(payments: payments).payment(command.paymentIntent, for: "collect", context: context) {
        case .success(let found): payment = found
        case .failure(let refusal): return .error(refusal)
        }
        return try ReaderActionStart(payments: payments).start(
            payment, reader: command.reader, key: context.idempotencyKey("collect_payment_method"), context: context
        ) { client, options throws(StripeError) in
            try client.collectPaymentMethod(reader: command.reader, paymentIntent: payment.paymentIntent, options: options)
        }
    }
}
