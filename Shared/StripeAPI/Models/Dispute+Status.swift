extension Dispute {
    /// A dispute's state (`status`): inquiries (`warning_*`) withdraw no funds; a
    /// chargeback is `needs_response`, then `under_review` once evidence is submitted, then
    /// `won` or `lost`. See https://docs.stripe.com/disputes/how-disputes-work.
    public enum Status: StripeStringEnum {
        /// `warning_needs_response`: an inquiry awaiting an answer.
        case warningNeedsResponse
        /// `warning_under_review`: an inquiry's evidence is with the bank.
        case warningUnderReview
        /// `warning_closed`: the inquiry ended without a chargeback.
        case warningClosed
        /// `needs_response`: evidence is awaited.
        case needsResponse
        /// `under_review`: evidence submitted, the bank decides.
        case underReview
        /// `won`.
        case won
        /// `lost`.
        case lost
        /// `prevented` (an early fraud warning resolved before a dispute).
        case prevented
        /// A value this code does not know yet.
        case unknown(String)

        /// Every known case.
        public static let known: [Status] = [
            .warningNeedsResponse, .warningUnderReview, .warningClosed, .needsResponse, .underReview, .won, .lost, .prevented,
        ]

        /// The wire string.
        public var rawValue: String {
            switch self {
            case .warningNeedsResponse: "warning_needs_response"
            case .warningUnderReview: "warning_under_review"
            case .warningClosed: "warning_closed"
            case .needsResponse: "needs_response"
            case .underReview: "under_review"
            case .won: "won"
            case .lost: "lost"
            case .prevented: "prevented"
            case .unknown(let raw): raw
            }
        }

        /// `true` once Stripe takes no more evidence or acceptance (`won`, `lost`,
        /// `warning_closed`, `prevented`).
        public var isClosed: Bool {
            switch self {
            case .won, .lost, .warningClosed, .prevented: true
            default: false
            }
        }
    }
}
