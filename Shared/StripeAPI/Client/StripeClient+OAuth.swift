extension StripeClient {
    /// `POST /oauth/token` at ``StripeConfig/connectBase`` with `grant_type=authorization_code`
    /// and `code`: connects the Standard account whose seller authorized the platform
    /// (docs.stripe.com/connect/oauth-reference). A code is single use; Stripe refuses a used,
    /// expired, unknown or another platform's code with `400 invalid_grant`.
    /// - Parameter options: needs ``RequestOptions/idempotencyKey``; the host is set here.
    /// - Throws: ``StripeError``; OAuth errors carry the OAuth `error` as `code`
    ///   (`invalid_grant`, `invalid_request`, …) and `error_description` as `message`.
    public func exchangeOAuthCode(_ code: String, options: RequestOptions) throws(StripeError) -> OAuthToken {
        var params = FormParams()
        params.set("grant_type", "authorization_code")
        params.set("code", code)
        var options = options
        options.host = .connect
        return try request(.post, "/oauth/token", params: params, options: options)
    }

    /// `POST /oauth/deauthorize` at ``StripeConfig/connectBase``: disconnects the connected
    /// account `stripeUserId` from the platform `clientId` (`ca_…`). Stripe then sends
    /// `account.application.deauthorized` to the platform's Connect webhook endpoint.
    /// - Throws: ``StripeError``; `invalid_client` when the account is not connected to the
    ///   application (or does not exist) or the client id is not the platform's.
    public func deauthorizeAccount(clientId: String, stripeUserId: String, options: RequestOptions) throws(StripeError) -> DeauthorizedAccount {
        var params = FormParams()
        params.set("client_id", clientId)
        params.set("stripe_user_id", stripeUserId)
        var options = options
        options.host = .connect
        return try request(.post, "/oauth/deauthorize", params: params, options: options)
    }
}
