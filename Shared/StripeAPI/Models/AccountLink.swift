/// A single-use link to Stripe-hosted onboarding (`object: "account_link"`); it expires
/// after a few minutes. See https://docs.stripe.com/api/account_links/object.
public struct AccountLink: Codable, Sendable, Equatable {
    /// Always `account_link`.
    public var object: String
    /// The URL to send the user to.
    public var url: String
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?
    /// Expiry time; Unix timestamp in seconds.
    public var expiresAt: Int?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(object: String, url: String, created: Int? = nil, expiresAt: Int? = nil) {
        self.object = object
        self.url = url
        self.created = created
        self.expiresAt = expiresAt
    }

    enum CodingKeys: String, CodingKey {
        case object
        case url
        case created
        case expiresAt = "expires_at"
    }
}
