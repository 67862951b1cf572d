/// The parameters of an account link (`POST /v1/account_links`), kept per account so a
/// `refresh_url` visit can issue the same link again. The link URL itself is never part of
/// it: links are single-use, short-lived secrets. Value type, Sendable.
public struct AccountLinkParameters: Sendable, Equatable {
    /// `type`: `account_onboarding` or `account_update`.
    public var type: String
    /// `refresh_url`: where Stripe sends the user when the link expired or was used.
    public var refreshURL: String
    /// `return_url`: where Stripe sends the user when they leave the flow (complete or not).
    public var returnURL: String
    /// `collect` (`currently_due` or `eventually_due`), when given.
    public var collect: String?

    /// The link types Stripe accepts.
    public static let types: Set<String> = ["account_onboarding", "account_update"]

    /// Creates parameters; see the properties.
    public init(type: String, refreshURL: String, returnURL: String, collect: String? = nil) {
        self.type = type
        self.refreshURL = refreshURL
        self.returnURL = returnURL
        self.collect = collect
    }
}
