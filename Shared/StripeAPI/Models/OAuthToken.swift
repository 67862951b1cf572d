/// Stripe's answer to `POST /oauth/token` (docs.stripe.com/connect/oauth-reference).
///
/// `accessToken` and `refreshToken` are the connected account's secret credentials: the
/// suite never stores, logs or publishes them (it acts on the account with the platform's
/// key and `Stripe-Account`, as Stripe recommends). `description` leaves them out.
public struct OAuthToken: Decodable, Sendable, Equatable, CustomStringConvertible {
    /// The connected account's id (`acct_…`).
    public var stripeUserId: String
    /// The granted scope (`read_write` or `read_only`).
    public var scope: String?
    /// Whether the grant is live mode.
    public var livemode: Bool?
    /// `bearer`.
    public var tokenType: String?
    /// The connected account's publishable key (not a secret).
    public var stripePublishableKey: String?
    /// The connected account's secret key for the platform (a secret).
    public var accessToken: String?
    /// The refresh token (a secret).
    public var refreshToken: String?

    enum CodingKeys: String, CodingKey {
        case stripeUserId = "stripe_user_id"
        case scope, livemode
        case tokenType = "token_type"
        case stripePublishableKey = "stripe_publishable_key"
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
    }

    /// The account, scope and mode; never the tokens.
    public var description: String { "OAuthToken(stripe_user_id: \(stripeUserId), scope: \(scope ?? "-"), livemode: \(livemode ?? false))" }
}

/// Stripe's answer to `POST /oauth/deauthorize`: `{"stripe_user_id": "acct_…"}`.
public struct DeauthorizedAccount: Decodable, Sendable, Equatable {
    /// The disconnected account.
    public var stripeUserId: String

    enum CodingKeys: String, CodingKey { case stripeUserId = "stripe_user_id" }
}
