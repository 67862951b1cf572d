extension ReplyError.Code {
    /// `onboarding.complete_oauth` with a `state` this service did not issue (another
    /// service's, a forged one, or one deleted after it expired).
    public static let oauthStateUnknown = "validation.oauth_state_unknown"
    /// The `state` was already used to complete (or fail) a connection: it is accepted once.
    public static let oauthStateUsed = "conflict.oauth_state_used"
    /// The `state` is older than its lifetime (an hour): ask for a new OAuth link.
    public static let oauthStateExpired = "conflict.oauth_state_expired"
    /// Stripe refused the authorization code (`invalid_grant`): used already, expired, or
    /// issued to another platform. The seller authorizes again through a new link.
    public static let oauthCodeInvalid = "conflict.oauth_code_invalid"
    /// The service has no Connect client id (`STRIPE_CONNECT_CLIENT_ID`).
    public static let oauthNotConfigured = "conflict.oauth_not_configured"
    /// Stripe says the account is not connected to the platform's application (`invalid_client`).
    public static let notConnected = "conflict.not_connected"
    /// The Stripe account the seller authorized is already recorded under another seller reference.
    public static let accountAlreadyConnected = "conflict.account_already_connected"
}
