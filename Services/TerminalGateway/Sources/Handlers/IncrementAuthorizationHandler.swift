import Messages
import Runtime
import StripeAPI

/// `terminal.increment_authorization` (Stripe-bound): raises an authorized card-present
/// PaymentIntent's amount before capture.
///
/// 1. The payment (or, never seen, an app-created one through ``PaymentAdoption``) and Stripe's
///    current PaymentIntent: only `requires_capture` (`conflict.already_captured`,
///    `conflict.invalid_state` otherwise), only when the charge reports
///    `incremental_authorization_supported` (`conflict.incremental_authorization_unsupported`:
///    not requested at creation, or a card brand without it), only to a higher total
///    (`conflict.amount_not_increased`).
/// 2. `POST /v1/payment_intents/{id}/increment_authorization` with key
///    `<message_id>:increment_authorization` (a redelivery after a crash gets Stripe's stored
///    answer, so an equal amount is sent again to learn whether this command did it).
/// 3. One transaction: the payment's amount and authorized amount, the reply.
/// Thread-safety: `Sendable`, stateless.
struct IncrementAuthorizationHandler: Sendable {
    /// SQL of the payments table.
    let payments: PaymentStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: IncrementAuthorization, _ context: inout HandlerContext) throws -> Reply<IncrementAuthorization.Result> {
        let now = context.now
        var adopted: TerminalPayment?
        let snapshot: PaymentIntentSnapshot
        let account: String?
        if let found = try payments.find(paymentIntent: command.paymentIntent, on: context.db) {
            account = found.account
            switch try PaymentIntentFetch.snapshot(found.paymentIntent, account: found.account, observedAt: now, context: context) {
            case .success(let s): snapshot = s
            case .failure(let error): return .error(TerminalErrorMapping.reply(error, paymentIntent: found.paymentIntent))
            }
        } else {
            switch try PaymentAdoption.candidate(
                command.paymentIntent, account: command.account, observedAt: now,
                context: context, payments: payments)
            {
            case .failure(let error): return .error(error)
            case .success(let candidate):
                adopted = candidate.payment
                snapshot = candidate.snapshot
                account = command.account
            }
        }
        switch snapshot.status {
        case .requiresCapture: break
        case .succeeded:
            return .error(.conflict("already_captured", "payment_intent \(command.paymentIntent) was captured; it can no longer be incremented"))
        default:
            return .error(
                .conflict(
                    "invalid_state",
                    "payment_intent \(command.paymentIntent) is not authorized (\(snapshot.status.rawValue)); only requires_capture can be incremented"
                ))
        }
        guard snapshot.incrementalAuthorizationSupported else {
            return .error(
                ReplyError(
                    code: ReplyError.Code.incrementalAuthorizationUnsupported,
                    message:
                        "payment_intent \(command.paymentIntent) does not support incremental authorization (create it with request_incremental_authorization_support, with a Visa, Mastercard, American Express or Discover card)"
                ))
        }
        guard command.amount >= snapshot.amount else { return .error(notIncreased(command, current: snapshot.amount)) }
        let params = PaymentIntentIncrementAuthorizationParams(amount: command.amount, applicationFeeAmount: command.applicationFeeAmount)
        let answer = try context.stripe { client throws(StripeError) in
            try client.incrementAuthorization(
                command.paymentIntent, params,
                options: .idempotent(
                    context.idempotencyKey("increment_authorization"),
                    stripeAccount: account))
        }
        let pi: PaymentIntent
        switch answer {
        case .success(let value): pi = value
        case .failure(let error) where error.param == "amount":
            return .error(notIncreased(command, current: snapshot.amount))
        case .failure(let error):
            return .error(TerminalErrorMapping.reply(error, paymentIntent: command.paymentIntent))
        }
        let writer = PaymentTransitionWriter(payments: payments)
        let payments = self.payments
        let messageId = context.envelope.messageId
        return try context.transaction { db in
            if let adopted { try payments.adopt(adopted, messageId: messageId, on: db) }
            try writer.apply(.snapshot(snapshot, captureKey: nil), paymentIntent: pi.id, occurredAt: now, db: db, context: context)
            guard var payment = try payments.find(paymentIntent: pi.id, lock: true, on: db) else {
                return .error(.notFound("payment_intent", id: pi.id))
            }
            payment.amount = pi.amount ?? command.amount
            payment.amountAuthorized = pi.amountCapturable ?? command.amount
            payment.applicationFeeAmount = pi.applicationFeeAmount ?? payment.applicationFeeAmount
            try payments.update(payment, on: db)
            return .ok(
                IncrementAuthorization.Result(
                    paymentIntent: pi.id, amountAuthorized: payment.amountAuthorized ?? command.amount,
                    currency: payment.currency))
        }
    }

    private func notIncreased(_ command: IncrementAuthorization, current: Int) -> ReplyError {
        ReplyError(
            code: ReplyError.Code.amountNotIncreased,
            message:
                "amount \(command.amount) must exceed the authorized amount \(current) of payment_intent \(command.paymentIntent)")
    }
}
