/// Whether a price is charged once or on a schedule.
public enum PriceType: StripeStringEnum {
    /// `one_time`.
    case oneTime
    /// `recurring`.
    case recurring
    /// A value this code does not know yet.
    case unknown(String)

    /// Every known case.
    public static let known: [PriceType] = [.oneTime, .recurring]

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .oneTime: "one_time"
        case .recurring: "recurring"
        case .unknown(let raw): raw
        }
    }
}
