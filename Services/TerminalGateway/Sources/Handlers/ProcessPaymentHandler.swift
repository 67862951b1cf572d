import Messages
import Runtime
import StripeAPI

/// `terminal.process_payment` (Stripe-bound): hands the order's PaymentIntent to a
/// server-driven reader; the outcome arrives later as Stripe events (see ``TerminalEventHandler``).
///
/// - Unknown PaymentIntent (not created through the gateway) → `not_found.payment_intent`.
/// - Already authorized or captured: a redelivery of the command that started it replies
///   `succeeded`; any other command → `conflict.invalid_state` (never authorized twice).
/// - `POST /v1/terminal/readers/{reader}/process_payment_intent` with key
///   `<message_id>:process_payment`; unknown reader → `not_found.reader`, busy →
///   `conflict.reader_busy`, offline → `conflict.reader_offline`, timeouts are retried on
///   the same PaymentIntent.
/// - One transaction: the payment `processing` on that reader, the reply (``ReaderActionStart``).
/// Thread-safety: `Sendable`, stateless.
struct ProcessPaymentHandler: Sendable {
    /// SQL of the payments table.
    let payments: PaymentStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: ProcessPayment, _ context: inout HandlerContext) throws -> Reply<ProcessPayment.Result> {
        guard let payment = try payments.find(paymentIntent: command.paymentIntent, on: context.db) else {
            return .error(.notFound("payment_intent", id: command.paymentIntent))
        }
        let key = context.idempotencyKey("process_payment")
        switch payment.state {
        case .requiresCapture, .captured:
            if payment.processKey == key {
                return .ok(
                    ProcessPayment.Result(
                        reader: command.reader, paymentIntent: payment.paymentIntent,
                        actionStatus: .succeeded))
            }
            return .error(.conflict("invalid_state", "payment_intent \(payment.paymentIntent) is already authorized (\(payment.state.rawValue))"))
        case .canceled:
            return .error(.conflict("invalid_state", "payment_intent \(payment.paymentIntent) is canceled"))
        case .requiresPaymentMethod, .processing:
            break
        }
        let params = ProcessPaymentIntentParams(paymentIntent: payment.paymentIntent, skipTipping: command.skipTipping)
        return try ReaderActionStart(payments: payments).start(
            payment, reader: command.reader, key: key,
            context: context
        ) { client, options throws(StripeError) in
            try client.processPaymentIntent(reader: command.reader, params, options: options)
        }
    }
}
