import Foundation
import StripeSimCore
import TestKit
import Testing

/// Connect OAuth for Standard accounts (`/oauth/authorize`, `/oauth/token`,
/// `/oauth/deauthorize`): the page a seller clicks through, the single-use code, Stripe's
/// OAuth error shape, and the deauthorization event.
@Suite("stripe-sim: Connect OAuth")
struct OAuthTests {
    private let client = SimulatorConfig.defaultConnectClientId

    /// The query of a redirect's `Location` as a dictionary, each name and value percent-decoded.
    private func query(_ response: TestResponse) -> [String: String] {
        let location = response.headers["location"] ?? ""
        guard let start = location.firstIndex(of: "?") else { return [:] }
        var items: [String: String] = [:]
        for pair in location[location.index(after: start)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.removingPercentEncoding ?? "" }
            if let name = parts.first, items[name] == nil { items[name] = parts.count > 1 ? parts[1] : "" }
        }
        return items
    }

    /// Authorizes the platform on the page for a new Standard account; the redirect's query.
    private func authorize(
        _ sim: SimTestClient, state: String = "st_1", decision: String = "authorize", account: String = "new"
    )
        async throws -> (TestResponse, [String: String])
    {
        let submitted = try await sim.page(
            "POST", "/oauth/authorize",
            form: [
                ("client_id", client), ("response_type", "code"), ("scope", "read_write"),
                ("redirect_uri", "https://platform.test/oauth/callback"), ("state", state), ("account", account),
                ("email", "owner@shop.test"), ("business_name", "Existing Shop"), ("decision", decision),
            ])
        return (submitted, query(submitted))
    }

    @Test("the page shows the platform and scope; authorizing redirects with code and state; the code is exchanged once")
    func authorizeAndExchange() async throws {
        let sim = try SimTestClient()
        let page = try await sim.page(
            "GET",
            "/oauth/authorize?response_type=code&client_id=\(client)&scope=read_write&state=st_1"
                + "&redirect_uri=https%3A%2F%2Fplatform.test%2Foauth%2Fcallback&stripe_user%5Bemail%5D=owner%40shop.test")
        #expect(page.status == 200 && page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.text.contains(client) && page.text.contains("read_write") && page.text.contains("value=\"owner@shop.test\""))
        #expect(page.text.contains("name=\"state\" value=\"st_1\""))

        let (redirect, items) = try await authorize(sim)
        #expect(redirect.status == 302)
        #expect(redirect.headers["location"]?.hasPrefix("https://platform.test/oauth/callback?") == true)
        #expect(items["state"] == "st_1" && items["scope"] == "read_write")
        let code = try #require(items["code"])
        #expect(code.hasPrefix("ac_"))

        let token = try await sim.post("/oauth/token", [("grant_type", "authorization_code"), ("code", code)])
        #expect(token.status == 200, "\(token.json)")
        let account = try #require(token["stripe_user_id"])
        #expect(token["token_type"] == "bearer" && token["scope"] == "read_write" && token.json["livemode"] == false)
        #expect(token["access_token"]?.hasPrefix("sk_test_") == true && token["stripe_publishable_key"]?.hasPrefix("pk_test_") == true)
        #expect(token["refresh_token"]?.hasPrefix("rt_") == true)
        let connected = try await sim.get("/v1/accounts/\(account)")
        #expect(connected["type"] == "standard" && connected.json["charges_enabled"] == true && connected["email"] == "owner@shop.test")

        let again = try await sim.post("/oauth/token", [("grant_type", "authorization_code"), ("code", code)])
        #expect(again.status == 400 && again["error"] == "invalid_grant" && again["error_description"]?.contains("already been used") == true)
        let unknown = try await sim.post("/oauth/token", [("grant_type", "authorization_code"), ("code", "ac_nothing")])
        #expect(unknown.status == 400 && unknown["error"] == "invalid_grant")
        #expect(try await sim.post("/oauth/token", [("grant_type", "password")])["error"] == "unsupported_grant_type")
        #expect(try await sim.post("/oauth/token", [("code", code)])["error"] == "invalid_request")
        #expect(try await sim.post("/oauth/token", [("grant_type", "authorization_code"), ("code", code)], key: "sk_live_x").status == 401)

        let refreshed = try await sim.post("/oauth/token", [("grant_type", "refresh_token"), ("refresh_token", token["refresh_token"] ?? "")])
        #expect(refreshed.status == 200 && refreshed["stripe_user_id"] == account)
    }

    @Test("a retried token request with the same Idempotency-Key replays the first answer")
    func idempotentExchange() async throws {
        let sim = try SimTestClient()
        let code = try #require(try await authorize(sim).1["code"])
        let first = try await sim.post("/oauth/token", [("grant_type", "authorization_code"), ("code", code)], idempotencyKey: "m1:oauth_token")
        let replay = try await sim.post("/oauth/token", [("grant_type", "authorization_code"), ("code", code)], idempotencyKey: "m1:oauth_token")
        #expect(first.status == 200 && replay.status == 200)
        #expect(replay["access_token"] == first["access_token"] && replay.headers["idempotent-replayed"] == "true")
    }

    @Test("deny redirects access_denied with the state; a foreign client or bad scope never yields a code")
    func denyAndRefusals() async throws {
        let sim = try SimTestClient()
        let (denied, items) = try await authorize(sim, state: "st_deny", decision: "deny")
        #expect(denied.status == 302 && items["error"] == "access_denied" && items["state"] == "st_deny" && items["code"] == nil)
        let foreign = try await sim.page("GET", "/oauth/authorize?response_type=code&client_id=ca_other&scope=read_write")
        #expect(foreign.status == 400 && foreign.text.contains("No such application"))
        let scope = try await sim.page(
            "GET", "/oauth/authorize?response_type=code&client_id=\(client)&scope=admin&state=s&redirect_uri=https://p.test/cb")
        #expect(scope.status == 302 && query(scope)["error"] == "invalid_scope" && query(scope)["state"] == "s")
        let express = try await sim.account(type: "express")
        let (picked, _) = try await authorize(sim, account: express)
        #expect(picked.status == 400)
    }

    @Test("deauthorize answers stripe_user_id, sends account.application.deauthorized, and refuses a second time")
    func deauthorize() async throws {
        let sim = try SimTestClient()
        let code = try #require(try await authorize(sim).1["code"])
        let account = try #require(try await sim.post("/oauth/token", [("grant_type", "authorization_code"), ("code", code)])["stripe_user_id"])
        let foreign = try await sim.post("/oauth/deauthorize", [("client_id", "ca_other"), ("stripe_user_id", account)])
        #expect(foreign.status == 400 && foreign["error"] == "invalid_client")
        let answer = try await sim.post("/oauth/deauthorize", [("client_id", client), ("stripe_user_id", account)])
        #expect(answer.status == 200 && answer.json == ["stripe_user_id": .string(account)])
        let event = try #require(sim.simulator.events(account: account).first { $0["type"] == "account.application.deauthorized" })
        #expect(event.value(at: "data.object.id")?.stringValue == client)
        let twice = try await sim.post("/oauth/deauthorize", [("client_id", client), ("stripe_user_id", account)])
        #expect(twice.status == 400 && twice["error"] == "invalid_client")
        #expect(try await sim.post("/oauth/deauthorize", [("client_id", client), ("stripe_user_id", "acct_nobody")])["error"] == "invalid_client")
    }
}
