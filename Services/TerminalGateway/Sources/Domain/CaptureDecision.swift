public import Messages

/// What a capture command may do with a payment (``TerminalPaymentMachine/planCapture(_:amountToCapture:captureKey:now:)``).
public enum CaptureDecision: Sendable, Equatable {
    /// Ask Stripe to capture (`amount_to_capture` as the command gave it; `total` is what will be captured).
    case capture(total: Int)
    /// This very command already captured it (a redelivery): reply with the recorded capture.
    case alreadyCapturedByThisCommand
    /// The local state does not tell enough (not authorized yet as far as the gateway knows):
    /// fetch the PaymentIntent from Stripe and decide again.
    case refresh
    /// Refuse with a reply error (`conflict.already_captured`, `conflict.authorization_expired`,
    /// `conflict.capture_exceeds_authorized`, `conflict.invalid_state`).
    case refuse(ReplyError)
}
