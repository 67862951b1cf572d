/// The state of a reader's current action. Unknown values Stripe may add decode to `unknown(raw)`.
/// Stripe reference: Terminal Readers, `action.status`.
public enum ReaderActionStatus: StripeEnum {
    /// The reader is working on it (e.g. waiting for the card).
    case inProgress
    /// The action finished.
    case succeeded
    /// The action failed; see the failure code.
    case failed
    /// A value this version does not know yet, kept as sent.
    case unknown(String)

    /// Every known value.
    public static let knownCases: [ReaderActionStatus] = [.inProgress, .succeeded, .failed]

    /// The wire value.
    public var rawValue: String {
        switch self {
        case .inProgress: return "in_progress"
        case .succeeded: return "succeeded"
        case .failed: return "failed"
        case .unknown(let raw): return raw
        }
    }
}
