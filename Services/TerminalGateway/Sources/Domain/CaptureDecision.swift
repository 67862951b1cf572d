public import Messages

/// What a capture command may do with a payment (``TerminalPaymentMachine/planCapture(_:amountToCapture:captureKey:now:)``).
public enum CaptureDecision: Sendable, Equatable {
    /// Ask Stripe to capture (`amount_to_capture` as the command gave it; `total` is what will be captured).
    case capture(total: Int)
    /// This very command already captured it (a redelivery): reply with the recorded capture.
    case alreadyCapturedByThisCommand
    /// Captured, by a request the gateway has no key for (a re-fetch recorded the capture:
    /// a late event's or the sweep's): send this command's capture again with its key.
    /// Stripe's idempotent replay answers it when this command captured (a redelivery after
    /// a crash between Stripe's answer and the commit); `payment_intent_unexpected_state`
    /// when another request did (→ `conflict.already_captured`). `total` as in ``capture(total:)``.
    case askStripeWhoCaptured(total: Int)
    /// The local state does not tell enough (not authorized yet as far as the gateway knows):
    /// fetch the PaymentIntent from Stripe and decide again.
    case refresh
    /// Refuse with a reply error (`conflict.already_captured`, `conflict.authorization_expired`,
    /// `conflict.capture_exceeds_authorized`, `conflict.invalid_state`).
    case refuse(ReplyError)
}
