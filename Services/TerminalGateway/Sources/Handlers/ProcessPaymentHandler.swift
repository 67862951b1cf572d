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
/// - One transaction: the payment `processing` on that reader, the reply.
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
                return .ok(ProcessPayment.Result(reader: command.reader, paymentIntent: payment.paymentIntent,
                                                 actionStatus: .succeeded))
            }
            return .error(.conflict("invalid_state", "payment_intent \(payment.paymentIntent) is already authorized (\(payment.state.rawValue))"))
        case .canceled:
            return .error(.conflict("invalid_state", "payment_intent \(payment.paymentIntent) is canceled"))
        case .requiresPaymentMethod, .processing:
            break
        }
        let params = ProcessPaymentIntentParams(paymentIntent: payment.paymentIntent, skipTipping: command.skipTipping)
        let reader: TerminalReader
        switch try context.stripe({ client throws(StripeError) in
            try client.processPaymentIntent(reader: command.reader, params,
                                            options: .idempotent(key, stripeAccount: payment.account))
        }) {
        case .success(let answer): reader = answer
        case .failure(let error):
            let reply = TerminalErrorMapping.reply(error, reader: command.reader, paymentIntent: payment.paymentIntent)
            if reply.retryable { throw HandlerError.retry(code: reply.code, message: reply.message) }
            return .error(reply)
        }
        let writer = PaymentTransitionWriter(payments: payments)
        let now = context.now
        return try context.transaction { db in
            try writer.apply(.processStarted(reader: command.reader, key: key), paymentIntent: payment.paymentIntent,
                             occurredAt: now, db: db, context: context)
            let status = reader.action?.status.map { ReaderActionStatus(rawValue: $0.rawValue) } ?? .inProgress
            return .ok(ProcessPayment.Result(reader: reader.id, paymentIntent: payment.paymentIntent, actionStatus: status))
        }
    }
}
