import Messages
import StripeAPI

/// The Connect OAuth authorize URL for Standard accounts (docs.stripe.com/connect/oauth-reference):
/// `<connect base>/oauth/authorize?response_type=code&client_id=ca_…&scope=…&state=…`
/// `[&redirect_uri=…][&stripe_user[email]=…]`, form-encoded as Stripe's libraries encode it. Pure.
public enum OAuthAuthorizeURL {
    /// The URL for `state` (with its scope and redirect URI), the platform's `clientId` and an
    /// optional e-mail to prefill, under `connectBase` (e.g. `https://connect.stripe.com`).
    public static func make(connectBase: String, clientId: String, state: OAuthState, email: String?) -> String {
        var params = FormParams()
        params.set("response_type", "code")
        params.set("client_id", clientId)
        params.set("scope", state.scope.rawValue)
        params.set("state", state.state)
        params.set("redirect_uri", state.redirectURI)
        if let email { params["stripe_user"] = ["email": .string(email)] }
        var base = connectBase
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/oauth/authorize?" + params.encoded()
    }
}
