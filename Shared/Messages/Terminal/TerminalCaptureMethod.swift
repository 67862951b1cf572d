/// When a card-present PaymentIntent is captured (Stripe API reference: PaymentIntents,
/// `capture_method`).
public enum TerminalCaptureMethod: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// Authorize now, capture later (within two days) with terminal.capture_payment; the default.
    case manual
    /// Capture as soon as the card is authorized.
    case automatic
}
