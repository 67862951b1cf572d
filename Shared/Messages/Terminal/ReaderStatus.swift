/// Whether a Terminal reader is connected. Unknown values Stripe may add decode to `unknown(raw)`.
/// Stripe reference: Terminal Readers, `status`.
public enum ReaderStatus: StripeEnum {
    /// Connected and ready.
    case online
    /// Not reachable.
    case offline
    /// A value this version does not know yet, kept as sent.
    case unknown(String)

    /// Every known value.
    public static let knownCases: [ReaderStatus] = [.online, .offline]

    /// The wire value.
    public var rawValue: String {
        switch self {
        case .online: return "online"
        case .offline: return "offline"
        case .unknown(let raw): return raw
        }
    }
}
