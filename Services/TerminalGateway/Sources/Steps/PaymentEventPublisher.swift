import Messages
import Runtime

/// Turns a transition's effects into `terminal.payment.*` events in the outbox (same
/// transaction as the state change), each with the payment's connected account as
/// `x-stripe-account`.
enum PaymentEventPublisher {
    /// Publishes one event per effect of `transition`.
    /// - Parameter occurredAt: the Stripe event's `created`, or the service's clock (Unix seconds).
    /// - Throws: `EncodingError`, `StoreError`.
    static func publish(_ transition: TerminalPaymentTransition, occurredAt: Int, context: HandlerContext) throws {
        let p = transition.payment
        for effect in transition.effects {
            switch effect {
            case .authorized:
                try context.publish(
                    TerminalPaymentAuthorized(
                        orderReference: p.orderReference, paymentIntent: p.paymentIntent, account: p.account,
                        amount: p.amountAuthorized ?? p.amount, currency: p.currency, reader: p.reader,
                        captureBefore: p.expiresAt, overcaptureSupported: p.overcaptureSupported, occurredAt: occurredAt),
                    stripeAccount: p.account)
            case .declined:
                try context.publish(
                    TerminalPaymentDeclined(
                        orderReference: p.orderReference, paymentIntent: p.paymentIntent, account: p.account,
                        amount: p.amount, currency: p.currency, reader: p.reader, declineCode: p.declineCode,
                        failureCode: p.failureCode, failureMessage: p.failureMessage, occurredAt: occurredAt),
                    stripeAccount: p.account)
            case .captured:
                try context.publish(
                    TerminalPaymentCaptured(
                        orderReference: p.orderReference, paymentIntent: p.paymentIntent, account: p.account,
                        amountCaptured: p.amountCaptured ?? 0, amountAuthorized: p.amountAuthorized, currency: p.currency,
                        applicationFeeAmount: p.applicationFeeAmount, occurredAt: occurredAt), stripeAccount: p.account)
            case .canceled:
                try context.publish(
                    TerminalPaymentCanceled(
                        orderReference: p.orderReference, paymentIntent: p.paymentIntent, account: p.account,
                        amount: p.amountAuthorized ?? p.amount, currency: p.currency,
                        cancellationReason: p.cancellationReason, occurredAt: occurredAt), stripeAccount: p.account)
            }
        }
    }

    /// Publishes `terminal.payment.fee_corrected` when `decision` changed the fee of the
    /// captured payment `captured` (whose fee was `before`); nothing otherwise.
    /// - Throws: `EncodingError`, `StoreError`.
    static func publishFeeCorrection(
        _ decision: CaptureFeePolicy.Decision, before: Int?, captured p: TerminalPayment,
        capturedBy: CapturePath, occurredAt: Int, context: HandlerContext
    ) throws {
        guard let reason = decision.correction, let fee = decision.fee else { return }
        try context.publish(
            TerminalPaymentFeeCorrected(
                orderReference: p.orderReference, paymentIntent: p.paymentIntent, account: p.account,
                amountCaptured: p.amountCaptured ?? 0, amountAuthorized: p.amountAuthorized, currency: p.currency,
                applicationFeeAmountBefore: before, applicationFeeAmount: fee, reason: reason,
                capturedBy: capturedBy, occurredAt: occurredAt),
            stripeAccount: p.account)
        context.log.info(
            "application fee corrected at capture",
            [
                "payment_intent": p.paymentIntent, "before": before.map(String.init) ?? "none",
                "after": String(fee), "reason": reason.rawValue, "captured_by": capturedBy.rawValue,
            ])
    }
}
