/// The status of an account capability such as `card_payments`.
public enum CapabilityStatus: StripeStringEnum {
    /// `active`.
    case active
    /// `inactive`.
    case inactive
    /// `pending`.
    case pending
    /// `unrequested`.
    case unrequested
    /// `disabled`.
    case disabled
    /// A value this code does not know yet.
    case unknown(String)

    /// Every known case.
    public static let known: [CapabilityStatus] = [.active, .inactive, .pending, .unrequested, .disabled]

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .active: "active"
        case .inactive: "inactive"
        case .pending: "pending"
        case .unrequested: "unrequested"
        case .disabled: "disabled"
        case .unknown(let raw): raw
        }
    }
}
