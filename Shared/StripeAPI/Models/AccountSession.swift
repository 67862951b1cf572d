/// An Account Session (https://docs.stripe.com/api/account_sessions/object): a short-lived
/// client secret the platform's page hands to Connect's embedded components.
public struct AccountSession: Codable, Sendable, Equatable {
    /// `account_session`.
    public var object: String?
    /// The connected account, `acct_…`.
    public var account: String?
    /// The secret for the embedded components (never log or store it).
    public var clientSecret: String
    /// When the secret stops working, Unix seconds.
    public var expiresAt: Int

    /// An account session.
    public init(object: String? = nil, account: String? = nil, clientSecret: String, expiresAt: Int) {
        self.object = object; self.account = account; self.clientSecret = clientSecret; self.expiresAt = expiresAt
    }

    enum CodingKeys: String, CodingKey {
        case object
        case account
        case clientSecret = "client_secret"
        case expiresAt = "expires_at"
    }
}
