/// The status of a Refund. Unknown values Stripe may add decode to `unknown(raw)`.
/// Stripe reference: Refunds, `status`.
public enum RefundStatus: StripeEnum {
    /// Submitted, not final yet.
    case pending
    /// The customer must act before the refund proceeds.
    case requiresAction
    /// Refunded.
    case succeeded
    /// The refund failed.
    case failed
    /// The refund was canceled.
    case canceled
    /// A value this version does not know yet, kept as sent.
    case unknown(String)

    /// Every known value.
    public static let knownCases: [RefundStatus] = [.pending, .requiresAction, .succeeded, .failed, .canceled]

    /// The wire value.
    public var rawValue: String {
        switch self {
        case .pending: return "pending"
        case .requiresAction: return "requires_action"
        case .succeeded: return "succeeded"
        case .failed: return "failed"
        case .canceled: return "canceled"
        case .unknown(let raw): return raw
        }
    }
}
