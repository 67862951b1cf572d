/// Where a card-present payment stands, as the gateway records it.
///
/// `requires_payment_method` (created, or declined and waiting for another presentation on
/// the same PaymentIntent) → `processing` (handed to a reader) → `requires_capture`
/// (authorized; expires two days later) → `captured` | `canceled`. A decline goes from
/// `processing` back to `requires_payment_method`. `captured` and `canceled` are final: no
/// input moves a payment out of them. Raw values are the `state` column's.
public enum TerminalPaymentState: String, Sendable, Equatable, CaseIterable {
    /// Created, or declined: waiting for a card on the same PaymentIntent.
    case requiresPaymentMethod = "requires_payment_method"
    /// Handed to a server-driven reader; the outcome arrives as Stripe events.
    case processing
    /// Authorized, not captured yet (`requires_capture` at Stripe).
    case requiresCapture = "requires_capture"
    /// Captured (`succeeded` at Stripe), once.
    case captured
    /// Canceled (by command, by reconciliation, or by Stripe when the authorization lapsed).
    case canceled

    /// `captured` or `canceled`: nothing changes the payment any more.
    public var isFinal: Bool { self == .captured || self == .canceled }
}
