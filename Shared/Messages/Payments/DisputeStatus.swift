/// A dispute's status. Unknown values Stripe may add decode to `unknown(raw)`.
/// Stripe reference: Disputes, `status` (https://docs.stripe.com/api/disputes/object).
public enum DisputeStatus: StripeEnum {
    /// An inquiry awaiting an answer; no funds withdrawn.
    case warningNeedsResponse
    /// An inquiry's evidence is with the bank.
    case warningUnderReview
    /// The inquiry ended without a chargeback.
    case warningClosed
    /// A chargeback awaiting evidence.
    case needsResponse
    /// Evidence submitted; the bank decides.
    case underReview
    /// Decided for the seller.
    case won
    /// Decided for the buyer (or accepted).
    case lost
    /// An early fraud warning resolved before a dispute.
    case prevented
    /// A value this version does not know yet, kept as sent.
    case unknown(String)

    /// Every known value.
    public static let knownCases: [DisputeStatus] = [
        .warningNeedsResponse, .warningUnderReview, .warningClosed, .needsResponse, .underReview, .won, .lost, .prevented,
    ]

    /// The wire value.
    public var rawValue: String {
        switch self {
        case .warningNeedsResponse: return "warning_needs_response"
        case .warningUnderReview: return "warning_under_review"
        case .warningClosed: return "warning_closed"
        case .needsResponse: return "needs_response"
        case .underReview: return "under_review"
        case .won: return "won"
        case .lost: return "lost"
        case .prevented: return "prevented"
        case .unknown(let raw): return raw
        }
    }

    /// `true` while evidence may still be staged or submitted, or the dispute accepted
    /// (`needs_response`, `warning_needs_response`).
    public var awaitsResponse: Bool { self == .needsResponse || self == .warningNeedsResponse }

    /// `true` once the dispute is decided (`won`, `lost`, `warning_closed`, `prevented`).
    public var isClosed: Bool { [.won, .lost, .warningClosed, .prevented].contains(self) }
}

/// How a closed dispute ended for the seller: `won` (also an inquiry closed without a
/// chargeback, or a prevented one: no money lost) or `lost`.
public enum DisputeOutcome: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// The payment stands (`won`, `warning_closed`, `prevented`).
    case won
    /// The buyer keeps the money (`lost`).
    case lost
}
