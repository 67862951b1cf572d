/// When a card-present PaymentIntent is captured (Stripe API reference: PaymentIntents,
/// `capture_method`).
public enum TerminalCaptureMethod: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// Authorize now, capture later (within two days) with terminal.capture_payment; the default
    /// (sent as `manual_preferred` for an Australian account).
    case manual
    /// Capture as soon as the card is authorized.
    case automatic
    /// Capture manually where the card allows it, else at once (Australia: eftpos cards are
    /// captured at once); Stripe's `manual_preferred`.
    case manualPreferred = "manual_preferred"
}
