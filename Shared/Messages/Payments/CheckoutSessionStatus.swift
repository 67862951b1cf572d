/// The status of a Checkout Session. Unknown values Stripe may add decode to `unknown(raw)`.
/// Stripe reference: Checkout Sessions, `status`.
public enum CheckoutSessionStatus: StripeEnum {
    /// The customer can still pay.
    case open
    /// The customer finished the flow (payment may still be processing).
    case complete
    /// The session expired without completion.
    case expired
    /// A value this version does not know yet, kept as sent.
    case unknown(String)

    /// Every known value.
    public static let knownCases: [CheckoutSessionStatus] = [.open, .complete, .expired]

    /// The wire value.
    public var rawValue: String {
        switch self {
        case .open: return "open"
        case .complete: return "complete"
        case .expired: return "expired"
        case .unknown(let raw): return raw
        }
    }
}
