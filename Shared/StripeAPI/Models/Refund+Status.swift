extension Refund {
    /// A refund's state (`status`).
    public enum Status: StripeStringEnum {
        /// `pending`.
        case pending
        /// `requires_action`.
        case requiresAction
        /// `succeeded`.
        case succeeded
        /// `failed`.
        case failed
        /// `canceled`.
        case canceled
        /// A value this code does not know yet.
        case unknown(String)

        /// Every known case.
        public static let known: [Status] = [.pending, .requiresAction, .succeeded, .failed, .canceled]

        /// The wire string.
        public var rawValue: String {
            switch self {
            case .pending: "pending"
            case .requiresAction: "requires_action"
            case .succeeded: "succeeded"
            case .failed: "failed"
            case .canceled: "canceled"
            case .unknown(let raw): raw
            }
        }
    }
}
