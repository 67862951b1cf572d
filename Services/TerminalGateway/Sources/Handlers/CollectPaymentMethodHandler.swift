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
/// `<message_id>:collect_payment_method`; reader errors as there. One transaction: the payment
/// `processing` on that reader, the reply. Thread-safety: `Sendable`, stateless.
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
        let key = context.idempotencyKey("collect_payment_method")
        let reader: TerminalReader
        switch try context.stripe({ client throws(StripeError) in
            try client.collectPaymentMethod(reader: command.reader, paymentIntent: payment.paymentIntent,
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
            return .ok(CollectPaymentMethod.Result(reader: reader.id, paymentIntent: payment.paymentIntent, actionStatus: status))
        }
    }
}
