extension Account {
    /// The kind of a connected account (`type`); newer accounts use `controller` instead.
    public enum AccountType: StripeStringEnum {
        /// `standard`.
        case standard
        /// `express`.
        case express
        /// `custom`.
        case custom
        /// A value this code does not know yet.
        case unknown(String)

        /// Every known case.
        public static let known: [AccountType] = [.standard, .express, .custom]

        /// The wire string.
        public var rawValue: String {
            switch self {
            case .standard: "standard"
            case .express: "express"
            case .custom: "custom"
            case .unknown(let raw): raw
            }
        }
    }
}
