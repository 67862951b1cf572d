import Messages
import Runtime
import StripeAPI

/// `terminal.cancel_payment` (Stripe-bound): releases an uncaptured PaymentIntent.
///
/// Captured → `conflict.already_captured`; already canceled → the recorded result (cancel
/// is idempotent); otherwise `POST /v1/payment_intents/{id}/cancel` with key
/// `<message_id>:cancel_payment`, then one transaction: the payment `canceled`,
/// `terminal.payment.canceled` (once), the reply. A PaymentIntent the gateway has never seen
/// (created by the point-of-sale app) goes through ``PaymentAdoption`` first and is recorded
/// in that transaction (not when the cancel is refused). Thread-safety: `Sendable`, stateless.
struct CancelPaymentHandler: Sendable {
    /// SQL of the payments table.
    let payments: PaymentStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: CancelPayment, _ context: inout HandlerContext) throws -> Reply<CancelPayment.Result> {
        let payment: TerminalPayment
        var adopted: PaymentAdoption.Candidate?
        if let found = try payments.find(paymentIntent: command.paymentIntent, on: context.db) {
            payment = found
        } else {
            // Created by the point-of-sale app: retrieved, checked, recorded with the outcome.
            switch try PaymentAdoption.candidate(
                command.paymentIntent, account: command.account, observedAt: context.now,
                context: context, payments: payments)
            {
            case .failure(let error): return .error(error)
            case .success(let candidate):
                adopted = candidate
                payment = candidate.current
            }
        }
        switch payment.state {
        case .captured:
            return .error(.conflict("already_captured", "payment_intent \(payment.paymentIntent) was captured; refund it instead"))
        case .canceled:
            if let adopted {
                // Already canceled at Stripe (e.g. by the app): recorded, and the same answer.
                let writer = PaymentTransitionWriter(payments: payments)
                let messageId = context.envelope.messageId
                let payments = self.payments
                try context.transaction { db in
                    try payments.adopt(adopted.payment, messageId: messageId, on: db)
                    try writer.apply(
                        .snapshot(adopted.snapshot, captureKey: nil), paymentIntent: payment.paymentIntent,
                        occurredAt: context.now, db: db, context: context)
                }
            }
            return .ok(CancelPayment.Result(paymentIntent: payment.paymentIntent, status: .canceled))
        case .requiresPaymentMethod, .processing, .requiresCapture:
            break
        }
        let params = PaymentIntentCancelParams(cancellationReason: command.cancellationReason?.rawValue)
        let answer = try context.stripe { client throws(StripeError) in
            try client.cancelPaymentIntent(
                payment.paymentIntent, params,
                options: .idempotent(context.idempotencyKey("cancel_payment"), stripeAccount: payment.account))
        }
        let now = context.now
        let snapshot: PaymentIntentSnapshot
        switch answer {
        case .success(let pi):
            snapshot = PaymentIntentSnapshot(pi, observedAt: now)
        case .failure(let error) where error.code == "payment_intent_unexpected_state":
            switch try PaymentIntentFetch.snapshot(payment.paymentIntent, account: payment.account, observedAt: now, context: context) {
            case .success(let s): snapshot = s
            case .failure: return .error(TerminalErrorMapping.reply(error, paymentIntent: payment.paymentIntent))
            }
        case .failure(let error):
            return .error(TerminalErrorMapping.reply(error, paymentIntent: payment.paymentIntent))
        }
        let writer = PaymentTransitionWriter(payments: payments)
        let messageId = context.envelope.messageId
        let payments = self.payments
        return try context.transaction { db in
            if let adopted { try payments.adopt(adopted.payment, messageId: messageId, on: db) }
            let t = try writer.apply(
                .snapshot(snapshot, captureKey: nil), paymentIntent: payment.paymentIntent,
                occurredAt: now, db: db, context: context)
            switch t?.payment.state {
            case .canceled?:
                return .ok(CancelPayment.Result(paymentIntent: payment.paymentIntent, status: .canceled))
            case .captured?:
                return .error(.conflict("already_captured", "payment_intent \(payment.paymentIntent) was captured; refund it instead"))
            default:
                return .error(.conflict("invalid_state", "payment_intent \(payment.paymentIntent) could not be canceled"))
            }
        }
    }
}
