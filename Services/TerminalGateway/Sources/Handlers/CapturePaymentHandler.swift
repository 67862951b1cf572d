import Messages
import Runtime
import StripeAPI

/// `terminal.capture_payment` (Stripe-bound): capture once, fully, partially or as an
/// allowed over-capture, only from `requires_capture` and before the authorization expires.
///
/// 1. ``TerminalPaymentMachine/planCapture(_:amountToCapture:captureKey:now:)`` on the
///    recorded payment: captured by this same command (a redelivery) → the recorded result;
///    captured by another → `conflict.already_captured`; captured by a request the record
///    has no key for (a late event's or the sweep's re-fetch recorded it) → step 2 with this
///    command's key, whose replay tells whether this command captured (its fee correction,
///    decided on a fee the record no longer holds, is then not announced); expired, canceled, above the
///    authorized amount beyond the over-capture rule → the matching `conflict.*` error. When
///    the gateway has not seen the authorization yet, the PaymentIntent is fetched first; a
///    PaymentIntent it has never seen (created by the point-of-sale app) goes through
///    ``PaymentAdoption`` and is recorded only in step 3's transaction.
/// 1b. The fee: ``CaptureFeePolicy/decide(for:total:explicit:policy:)`` (the command's
///    `application_fee_amount`, else the policy on the captured total when the PaymentIntent
///    has none, the total changed, or the app set another); above the total →
///    `validation.fee_exceeds_amount`, nothing sent.
/// 2. `POST /v1/payment_intents/{id}/capture` with key `<message_id>:capture` and the
///    command's `amount_to_capture` and the fee: after a crash between Stripe's answer and the commit, the
///    redelivery gets Stripe's stored answer (no second capture). If Stripe says the state is
///    unexpected, the PaymentIntent is fetched to tell `conflict.already_captured` from
///    `conflict.authorization_expired`.
/// 3. One transaction: the payment `captured`, `terminal.payment.captured` (once),
///    `terminal.payment.fee_corrected` when the fee sent differs from the PaymentIntent's, the reply.
/// Thread-safety: `Sendable`, stateless.
struct CapturePaymentHandler: Sendable {
    /// SQL of the payments table.
    let payments: PaymentStore
    /// The fee a capture carries when the command names none (`nil`: the PaymentIntent's).
    var feePolicy: CaptureFeePolicy? = nil

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: CapturePayment, _ context: inout HandlerContext) throws -> Reply<CapturePayment.Result> {
        var payment: TerminalPayment
        var adopted: TerminalPayment?
        var refreshed: PaymentIntentSnapshot?
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
                adopted = candidate.payment
                payment = candidate.payment
                refreshed = candidate.snapshot
            }
        }
        let key = context.idempotencyKey("capture")
        var decision = TerminalPaymentMachine.planCapture(
            payment, amountToCapture: command.amountToCapture,
            captureKey: key, now: context.now)
        if decision == .refresh, refreshed == nil {
            switch try PaymentIntentFetch.snapshot(
                payment.paymentIntent, account: payment.account,
                observedAt: context.now, context: context)
            {
            case .success(let s): refreshed = s
            case .failure(let error): return .error(TerminalErrorMapping.reply(error, paymentIntent: payment.paymentIntent))
            }
        }
        if let snapshot = refreshed, decision == .refresh {
            let stripeSaysCaptured = snapshot.status == .succeeded
            // Captured at Stripe but not recorded: ask Stripe with this command's key below;
            // its replay tells whether this command did it.
            payment = TerminalPaymentMachine.apply(.snapshot(snapshot, captureKey: nil), to: payment).payment
            if stripeSaysCaptured { payment.state = .requiresCapture }
            decision = TerminalPaymentMachine.planCapture(
                payment, amountToCapture: command.amountToCapture,
                captureKey: key, now: context.now)
            if decision == .refresh {
                return .error(
                    .conflict(
                        "invalid_state",
                        "payment_intent \(payment.paymentIntent) is not authorized (\(payment.state.rawValue))"))
            }
        }
        let total: Int
        var replaying = false
        switch decision {
        case .alreadyCapturedByThisCommand:
            return .ok(Self.result(payment))
        case .refuse(let error):
            return .error(error)
        case .capture(let t):
            total = t
        case .askStripeWhoCaptured(let t):
            total = t
            replaying = true
        case .refresh:
            total = command.amountToCapture ?? payment.amountAuthorized ?? payment.amount
        }
        let feeDecision = CaptureFeePolicy.decide(
            for: payment, total: total, explicit: command.applicationFeeAmount, policy: feePolicy)
        let feeBefore = payment.applicationFeeAmount
        if let fee = feeDecision.fee, fee > total {
            return .error(
                .invalid(
                    "application_fee_amount",
                    "must be at most the captured total (\(total) \(payment.currency)), got \(fee)", code: ReplyError.Code.feeExceedsAmount))
        }
        var answer = try capture(payment, amount: command.amountToCapture, fee: feeDecision.fee, key: key, context: context)
        if replaying, case .failure(let error) = answer, error.kind == .idempotency {
            // The first attempt's fee was decided on the fee before the capture, which the
            // record no longer holds: it sent a correction (now the captured fee) or none.
            let other = feeDecision.fee == nil ? payment.applicationFeeAmount : nil
            if other != feeDecision.fee {
                answer = try capture(payment, amount: command.amountToCapture, fee: other, key: key, context: context)
            }
        }
        let writer = PaymentTransitionWriter(payments: payments)
        let now = context.now
        switch answer {
        case .success(let pi):
            let snapshot = PaymentIntentSnapshot(pi, observedAt: now)
            return try context.transaction { db in
                if let adopted { try payments.adopt(adopted, messageId: context.envelope.messageId, on: db) }
                // An authorization the gateway learnt only now is recorded (and announced) first.
                if let refreshed, refreshed.status == .requiresCapture {
                    try writer.apply(
                        .snapshot(refreshed, captureKey: nil), paymentIntent: pi.id, occurredAt: now,
                        db: db, context: context)
                }
                guard
                    let t = try writer.apply(
                        .snapshot(snapshot, captureKey: key), paymentIntent: pi.id,
                        occurredAt: now, db: db, context: context)
                else {
                    return .error(.notFound("payment_intent", id: pi.id))
                }
                if replaying {
                    // Stripe replayed this command's capture: the record learns its key.
                    if t.payment.captureKey == nil {
                        var learnt = t.payment
                        learnt.captureKey = key
                        try payments.update(learnt, on: db)
                    }
                    return .ok(Self.result(t.payment))
                }
                try PaymentEventPublisher.publishFeeCorrection(
                    feeDecision, before: feeBefore, captured: t.payment, capturedBy: .command, occurredAt: now,
                    context: context)
                return .ok(Self.result(t.payment))
            }
        case .failure(let error) where error.code == "payment_intent_unexpected_state":
            return try explainRefusal(error, payment: payment, adopted: adopted, writer: writer, context: &context)
        case .failure(let error):
            return .error(TerminalErrorMapping.reply(error, paymentIntent: payment.paymentIntent))
        }
    }

    /// `POST /v1/payment_intents/{id}/capture` on the payment's account with idempotency
    /// key `key`, `amount_to_capture` and `application_fee_amount` (smallest currency unit;
    /// `nil` sends none).
    /// - Throws: `HandlerError` (retry) for transient Stripe failures; a permanent one is returned.
    private func capture(
        _ payment: TerminalPayment, amount: Int?, fee: Int?, key: String, context: HandlerContext
    ) throws -> Result<PaymentIntent, StripeError> {
        let params = PaymentIntentCaptureParams(amountToCapture: amount, applicationFeeAmount: fee)
        return try context.stripe { client throws(StripeError) in
            try client.capturePaymentIntent(
                payment.paymentIntent, params,
                options: .idempotent(key, stripeAccount: payment.account))
        }
    }

    /// Stripe refused the capture for the PaymentIntent's state: fetch it, record what it
    /// is, and answer `conflict.already_captured` or `conflict.authorization_expired`.
    private func explainRefusal(
        _ error: StripeError, payment: TerminalPayment, adopted: TerminalPayment?,
        writer: PaymentTransitionWriter,
        context: inout HandlerContext
    ) throws -> Reply<CapturePayment.Result> {
        let payments = self.payments
        let now = context.now
        let snapshot: PaymentIntentSnapshot
        switch try PaymentIntentFetch.snapshot(payment.paymentIntent, account: payment.account, observedAt: now, context: context) {
        case .success(let s): snapshot = s
        case .failure: return .error(TerminalErrorMapping.reply(error, paymentIntent: payment.paymentIntent))
        }
        return try context.transaction { db in
            if let adopted { try payments.adopt(adopted, messageId: context.envelope.messageId, on: db) }
            let t = try writer.apply(
                .snapshot(snapshot, captureKey: nil), paymentIntent: payment.paymentIntent,
                occurredAt: now, db: db, context: context)
            let recorded = t?.payment ?? payment
            switch recorded.state {
            case .captured:
                return .error(.conflict("already_captured", "payment_intent \(payment.paymentIntent) was already captured"))
            case .canceled where recorded.cancellationReason == "automatic":
                return .error(
                    ReplyError(
                        code: ReplyError.Code.authorizationExpired,
                        message: "the authorization of payment_intent \(payment.paymentIntent) expired; it can no longer be captured"))
            default:
                return .error(TerminalErrorMapping.reply(error, paymentIntent: payment.paymentIntent))
            }
        }
    }

    /// The reply for a captured payment.
    static func result(_ p: TerminalPayment) -> CapturePayment.Result {
        CapturePayment.Result(
            paymentIntent: p.paymentIntent, status: .succeeded, amountCaptured: p.amountCaptured ?? 0,
            amountAuthorized: p.amountAuthorized ?? p.amount, currency: p.currency,
            applicationFeeAmount: p.applicationFeeAmount)
    }
}
