import Foundation
import HTTPServer

/// Stripe Connect's OAuth endpoints, which Stripe serves at `https://connect.stripe.com`
/// rather than the API host (docs.stripe.com/connect/oauth-reference); the simulator serves
/// them on its one port, so a client's Connect base URL is the simulator's base URL.
/// - `GET /oauth/authorize` — the page a seller authorizes the platform on (``authorizePage(_:)``),
///   `POST /oauth/authorize` its form.
/// - `POST /oauth/token` — `grant_type=authorization_code` with `code` (or
///   `grant_type=refresh_token` with `refresh_token`): Stripe's token response (`access_token`,
///   `livemode`, `refresh_token`, `token_type`, `stripe_publishable_key`, `stripe_user_id`,
///   `scope`). A code is single use: a used or unknown one answers `400 invalid_grant`.
/// - `POST /oauth/deauthorize` — `client_id` and `stripe_user_id`: answers
///   `{"stripe_user_id": …}` and sends `account.application.deauthorized` to the Connect
///   endpoints, as a seller disconnecting from the Dashboard does (``deauthorize(account:)``).
///
/// Token and deauthorize authenticate with the platform's secret key (`Authorization: Bearer`,
/// Basic, or a `client_secret` parameter) and answer errors in the OAuth shape
/// (``OAuthError``). A POST with an `Idempotency-Key` already used for the same path and
/// parameters replays the first answer (`Idempotent-Replayed: true`), as the API does.
/// The platform's client id is ``SimulatorConfig/connectClientId``.
extension StripeSimulator {
    /// The scopes Stripe's authorize endpoint accepts.
    static let oauthScopes = ["read_write", "read_only"]

    /// Answers `/oauth/*`; logged like the API's requests.
    func handleOAuth(_ request: HTTPRequest, requestId: String) -> HTTPResponse {
        var params: [String: FormValue] = [:]
        do { params = try Self.parameters(of: request) } catch {
            return OAuthError("invalid_request", error.message).response(requestId: requestId)
        }
        let response: HTTPResponse
        switch (request.method, request.path) {
        case ("GET", "/oauth/authorize"): response = locked { authorizePage(params) }
        case ("POST", "/oauth/authorize"):
            let (answer, handoff) = locked { (submitAuthorization(params), drainHandoff()) }
            deliver(handoff)
            response = answer
        case ("POST", "/oauth/token"), ("POST", "/oauth/deauthorize"):
            response = oauthCall(request, params: params, requestId: requestId)
        default:
            response = OAuthError("invalid_request", "Unrecognized request URL (\(request.method): \(request.path)).", status: 404)
                .response(requestId: requestId)
        }
        logPage(request, params: params.filter { $0.key != "client_secret" }, status: response.status, requestId: requestId)
        return response
    }

    /// Token or deauthorize: the key, the idempotent replay, then the call under the lock.
    private func oauthCall(_ request: HTTPRequest, params: [String: FormValue], requestId: String) -> HTTPResponse {
        let secret = params["client_secret"]?.stringValue.map { "Bearer \($0)" } ?? request.headers["authorization"]
        if let problem = Self.authorizationProblem(secret) {
            return OAuthError("invalid_request", problem, status: 401).response(requestId: requestId)
        }
        let key = request.headers["idempotency-key"].flatMap { $0.isEmpty ? nil : $0 }
        let fingerprint = FormValue.dict(params).json.serialized()
        let (response, handoff) = locked { () -> (HTTPResponse, Handoff) in
            let slot = key.map { "oauth \($0)" }
            if let slot, let previous = state.idempotency[slot], state.now < previous.created + SimState.idempotencyKeyLifetime,
                previous.path == request.path, previous.fingerprint == fingerprint
            {
                let headers = ["Request-Id": requestId, "Idempotent-Replayed": "true", "Original-Request": previous.requestId]
                return (.json(previous.status, previous.body, headers: headers), Handoff())
            }
            let answer: (status: Int, body: JSONValue)
            do throws(OAuthError) {
                let p = Params(params)
                answer = (200, request.path == "/oauth/token" ? try exchangeToken(p) : try deauthorizeByOAuth(p))
            } catch {
                answer = (error.status, error.body)
            }
            let body = answer.body.serialized()
            if let slot {
                state.idempotency[slot] = SimState.IdempotentResult(
                    method: "POST", path: request.path, fingerprint: fingerprint, status: answer.status, body: body,
                    created: state.now, requestId: requestId)
            }
            return (.json(answer.status, body, headers: ["Request-Id": requestId, "Cache-Control": "no-cache, no-store"]), drainHandoff())
        }
        deliver(handoff)
        return response
    }

    /// `POST /oauth/token`: a code (once) or a refresh token for the connected account's tokens.
    private func exchangeToken(_ params: Params) throws(OAuthError) -> JSONValue {
        try Self.requireOnly(params, ["grant_type", "code", "refresh_token", "scope", "client_secret", "assert_capabilities"])
        guard let grant = params.values["grant_type"]?.stringValue, !grant.isEmpty else {
            throw OAuthError("invalid_request", "No grant type specified")
        }
        switch grant {
        case "authorization_code":
            guard let code = params.values["code"]?.stringValue, !code.isEmpty else {
                throw OAuthError("invalid_request", "No authorization code provided")
            }
            guard var grantObject = state.get(code, scope: SimState.platform), grantObject["object"] == "sim.oauth_code" else {
                throw OAuthError("invalid_grant", "Authorization code does not exist: \(code)")
            }
            guard grantObject["used"] != true else {
                throw OAuthError(
                    "invalid_grant", "This authorization code has already been used. All tokens issued with this code have been revoked.")
            }
            grantObject["used"] = true
            grantObject["refresh_token"] = .string(SimIDs.make("rt_", length: 24))
            state.replace(grantObject)
            return tokenResponse(grantObject)
        case "refresh_token":
            guard let token = params.values["refresh_token"]?.stringValue, !token.isEmpty else {
                throw OAuthError("invalid_request", "No refresh token provided")
            }
            let grants = state.list(type: "sim.oauth_code", scope: SimState.platform) { $0["refresh_token"]?.stringValue == token }
            guard let grantObject = grants.first,
                state.secrets["oauth:\(grantObject["account"]?.stringValue ?? "")"] == "connected"
            else { throw OAuthError("invalid_grant", "Refresh token does not exist: \(token)") }
            return tokenResponse(grantObject)
        default:
            throw OAuthError("unsupported_grant_type", "Unsupported grant type: \(grant)")
        }
    }

    /// Stripe's token response for a grant (fresh access token each time).
    private func tokenResponse(_ grant: JSONValue) -> JSONValue {
        let account = grant["account"]?.stringValue ?? ""
        return [
            "access_token": .string(SimIDs.make("sk_test_", length: 32)), "livemode": false,
            "refresh_token": grant["refresh_token"] ?? .null, "token_type": "bearer",
            "stripe_publishable_key": .string("pk_test_" + account.dropFirst("acct_".count)),
            "stripe_user_id": .string(account), "scope": grant["scope"] ?? "read_write",
        ]
    }

    /// `POST /oauth/deauthorize`: disconnects `stripe_user_id` from the platform `client_id`.
    private func deauthorizeByOAuth(_ params: Params) throws(OAuthError) -> JSONValue {
        try Self.requireOnly(params, ["client_id", "stripe_user_id", "client_secret"])
        guard let client = params.values["client_id"]?.stringValue, !client.isEmpty else {
            throw OAuthError("invalid_request", "No client_id provided")
        }
        guard client == config.connectClientId else { throw OAuthError("invalid_client", "No such application: '\(client)'") }
        let account = params.values["stripe_user_id"]?.stringValue ?? ""
        guard !account.isEmpty else { throw OAuthError("invalid_request", "No stripe_user_id provided") }
        guard state.get(account, scope: SimState.platform)?["object"] == "account", state.secrets["oauth:\(account)"] != "revoked" else {
            throw OAuthError(
                "invalid_client", "This application is not connected to stripe account \(account), or that account does not exist.")
        }
        state.secrets["oauth:\(account)"] = "revoked"
        state.emit("account.application.deauthorized", platformApplication, scope: account)
        return ["stripe_user_id": .string(account)]
    }

    /// Refuses a parameter outside `allowed` as Stripe's OAuth endpoints do.
    static func requireOnly(_ params: Params, _ allowed: Set<String>) throws(OAuthError) {
        if let unknown = params.values.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw OAuthError("invalid_request", "Received unknown parameter: \(unknown)")
        }
    }
}
