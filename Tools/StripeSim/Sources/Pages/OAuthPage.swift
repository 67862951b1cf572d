import Foundation
import HTTPServer

/// Stripe's OAuth authorize page for Standard accounts (`GET /oauth/authorize`,
/// docs.stripe.com/connect/oauth-reference): the seller sees which platform asks for which
/// scope, picks one of their Standard accounts or creates one, and authorizes or denies.
/// The form posts to `/oauth/authorize`; the answer is Stripe's redirect (302) to the
/// platform's `redirect_uri` (else `/sim/done`) with `scope`, `code` (`ac_…`, single use at
/// `POST /oauth/token`) and `state`, or `error=access_denied` and `state`.
///
/// Query: `client_id` (required, ``SimulatorConfig/connectClientId``), `response_type=code`,
/// `scope` (`read_write`, the default, or `read_only`), `redirect_uri` (an http(s) URL),
/// `state`, `stripe_user[email]`, `stripe_user[business_name]` (prefill), `always_prompt`,
/// `stripe_landing`, `suggested_capabilities`. An unknown client or an unusable redirect URI
/// is shown on the page (there is nowhere safe to redirect); a bad `response_type` or `scope`
/// is redirected as `unsupported_response_type` / `invalid_scope`.
extension StripeSimulator {
    /// The parameters of the authorize request that travel through the form.
    private static let carried = ["client_id", "response_type", "scope", "redirect_uri", "state"]
    private static let authorizeParameters: Set<String> = Set(
        carried + [
            "stripe_user", "always_prompt", "stripe_landing", "suggested_capabilities", "account", "decision", "email", "business_name",
        ])

    /// The request's problem: a page to show, or a redirect with an OAuth error; nil when valid.
    private func authorizeProblem(_ params: [String: FormValue]) -> HTTPResponse? {
        if let unknown = params.keys.sorted().first(where: { !Self.authorizeParameters.contains($0) }) {
            return HTMLPage.message("Connect", "Received unknown parameter: \(unknown)", kind: "error", status: 400)
        }
        let client = params["client_id"]?.stringValue ?? ""
        guard client == config.connectClientId else {
            return HTMLPage.message(
                "Connect", client.isEmpty ? "No client_id provided." : "No such application: '\(client)'", kind: "error", status: 400)
        }
        if let uri = params["redirect_uri"]?.stringValue, !(uri.hasPrefix("https://") || uri.hasPrefix("http://")) {
            return HTMLPage.message("Connect", "Invalid redirect URI '\(uri)'.", kind: "error", status: 400)
        }
        if let type = params["response_type"]?.stringValue, type != "code" {
            return oauthRedirect(params, [("error", "unsupported_response_type"), ("error_description", "Unsupported response_type: \(type)")])
        }
        if let scope = params["scope"]?.stringValue, !Self.oauthScopes.contains(scope) {
            return oauthRedirect(params, [("error", "invalid_scope"), ("error_description", "Invalid scope: \(scope)")])
        }
        return nil
    }

    /// `GET /oauth/authorize`.
    func authorizePage(_ params: [String: FormValue]) -> HTTPResponse {
        if let problem = authorizeProblem(params) { return problem }
        let scope = params["scope"]?.stringValue ?? "read_write"
        let prefill = params["stripe_user"]
        let email = HTMLPage.escape(prefill.flatMap { if case .dict(let d) = $0 { d["email"]?.stringValue } else { nil } } ?? "")
        let business = HTMLPage.escape(prefill.flatMap { if case .dict(let d) = $0 { d["business_name"]?.stringValue } else { nil } } ?? "")
        let hidden = Self.carried.compactMap { name in
            params[name]?.stringValue.map { "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTMLPage.escape($0))\">" }
        }.joined()
        let standard = state.list(type: "account", scope: SimState.platform) { $0["type"] == "standard" }
        let options = standard.map { account in
            let id = HTMLPage.escape(account["id"]?.stringValue ?? "")
            let name = HTMLPage.escape(account.value(at: "business_profile.name")?.stringValue ?? account["email"]?.stringValue ?? "")
            return "<option value=\"\(id)\">\(name.isEmpty ? id : "\(name) (\(id))")</option>"
        }.joined()
        let name = HTMLPage.escape(platformApplication["name"]?.stringValue ?? "")
        return HTMLPage.render(
            "Connect with Stripe",
            """
            <h1>Connect your Stripe account</h1>
            <p class="muted"><b id="platform">\(name)</b> (<code>\(HTMLPage.escape(config.connectClientId))</code>) asks for
            <code id="scope">\(HTMLPage.escape(scope))</code> access: it will be able to create payments and read and change your
            account's data.</p>
            <form method="post" action="/oauth/authorize" id="authorize">\(hidden)
            <label for="account">Stripe account</label>
            <select id="account" name="account"><option value="new">Create a new Standard account</option>\(options)</select>
            <div class="row"><div><label for="email">E-mail (new account)</label><input id="email" name="email" value="\(email)"></div>
            <div><label for="business_name">Business name (new account)</label><input id="business_name" name="business_name" value="\(business)"></div></div>
            <button type="submit" name="decision" value="authorize" id="connect">Connect my Stripe account</button>
            <button type="submit" name="decision" value="deny" class="secondary" id="deny">Deny</button>
            </form>
            """)
    }

    /// `POST /oauth/authorize`: the seller's decision, redirected to the platform.
    func submitAuthorization(_ params: [String: FormValue]) -> HTTPResponse {
        if let problem = authorizeProblem(params) { return problem }
        guard params["decision"]?.stringValue == "authorize" else {
            return oauthRedirect(params, [("error", "access_denied"), ("error_description", "The user denied your request")])
        }
        let chosen = params["account"]?.stringValue ?? "new"
        let accountId: String
        if chosen == "new" {
            guard let created = createStandardAccount(email: params["email"]?.stringValue, businessName: params["business_name"]?.stringValue)
            else { return HTMLPage.message("Connect", "The account could not be created.", kind: "error", status: 400) }
            accountId = created
        } else {
            guard state.get(chosen, scope: SimState.platform)?["type"] == "standard" else {
                return HTMLPage.message("Connect", "No such Standard account: '\(chosen)'", kind: "error", status: 400)
            }
            accountId = chosen
        }
        let scope = params["scope"]?.stringValue ?? "read_write"
        let code = SimIDs.make("ac_", length: 24)
        state.insert(
            [
                "id": .string(code), "object": "sim.oauth_code", "account": .string(accountId), "scope": .string(scope), "used": false,
                "created": .int(state.now),
            ],
            scope: SimState.platform)
        state.secrets["oauth:\(accountId)"] = "connected"
        return oauthRedirect(params, [("scope", scope), ("code", code)])
    }

    /// A Standard account that already finished Stripe's onboarding (the seller's existing
    /// account): charges and payouts enabled, `card_payments` and `transfers` active. It is
    /// written without events: its history predates the platform.
    private func createStandardAccount(email: String?, businessName: String?) -> String? {
        var values: [String: FormValue] = ["type": .string("standard")]
        if let email, !email.isEmpty { values["email"] = .string(email) }
        if let businessName, !businessName.isEmpty { values["business_profile"] = .dict(["name": .string(businessName)]) }
        let call = SimCall(
            state: state, params: Params(values), pathParameters: [:], account: nil, requestId: nil, idempotencyKey: nil,
            stripeVersion: nil)
        guard var account = try? AccountEndpoints.create(call), let id = account["id"]?.stringValue else { return nil }
        account["details_submitted"] = true
        account["charges_enabled"] = true
        account["payouts_enabled"] = true
        account["capabilities"] = ["card_payments": "active", "transfers": "active"]
        account["requirements"] = AccountObjects.requirements([], disabledReason: nil)
        account["tos_acceptance"] = ["date": .int(state.now), "ip": "127.0.0.1", "user_agent": "stripe-sim"]
        state.replace(account)
        return id
    }

    /// Stripe's redirect to the platform: `redirect_uri` (else `/sim/done`) with `pairs` and
    /// the request's `state`, percent-encoded.
    private func oauthRedirect(_ params: [String: FormValue], _ pairs: [(String, String)]) -> HTTPResponse {
        let target = params["redirect_uri"]?.stringValue ?? "/sim/done"
        let query = pairs.map { ($0.0, Optional($0.1)) } + [("state", params["state"]?.stringValue)]
        return .redirect(to: HTMLPage.withQuery(target, query))
    }
}
