import Testing

@testable import StripeAPI

/// Connect OAuth through the client: the Connect host, the form, the token model, and
/// Stripe's OAuth error shape.
@Suite struct OAuthClientTests {
    private func client(_ transport: ScriptedTransport) throws -> StripeClient {
        try StripeClient(
            config: StripeConfig(apiKey: "sk_test_oauth", apiBase: "http://api.test", connectBase: "http://connect.test/"),
            transport: transport, sleeper: { _ in })
    }

    @Test func theCodeIsExchangedAtTheConnectHost() throws {
        let transport = ScriptedTransport([
            .respond(
                200, [:],
                #"{"access_token":"sk_test_secret","livemode":false,"refresh_token":"rt_1","token_type":"bearer","stripe_publishable_key":"pk_test_1","stripe_user_id":"acct_1","scope":"read_write"}"#
            )
        ])
        let token = try client(transport).exchangeOAuthCode("ac_123", options: .idempotent("m:oauth_token"))
        #expect(token.stripeUserId == "acct_1" && token.scope == "read_write" && token.accessToken == "sk_test_secret")
        #expect(!token.description.contains("sk_test_secret") && !token.description.contains("rt_1"))
        let request = try #require(transport.requests.first)
        #expect(request.url == "http://connect.test/oauth/token")
        #expect(String(decoding: request.body, as: UTF8.self) == "grant_type=authorization_code&code=ac_123")
        #expect(request.header("Idempotency-Key") == "m:oauth_token")
    }

    @Test func deauthorizeSendsTheClientAndTheAccount() throws {
        let transport = ScriptedTransport([.respond(200, [:], #"{"stripe_user_id":"acct_1"}"#)])
        let answer = try client(transport).deauthorizeAccount(clientId: "ca_1", stripeUserId: "acct_1", options: .idempotent("k"))
        #expect(answer.stripeUserId == "acct_1")
        #expect(transport.requests.first?.url == "http://connect.test/oauth/deauthorize")
        #expect(transport.requests.first.map { String(decoding: $0.body, as: UTF8.self) } == "client_id=ca_1&stripe_user_id=acct_1")
    }

    @Test func oauthErrorsKeepTheirCodeAndDescription() throws {
        let transport = ScriptedTransport([
            .respond(400, ["request-id": "req_1"], #"{"error":"invalid_grant","error_description":"Authorization code does not exist: ac_x"}"#)
        ])
        let client = try client(transport)
        do throws(StripeError) {
            _ = try client.exchangeOAuthCode("ac_x", options: .idempotent("k"))
            Issue.record("expected a StripeError")
        } catch {
            #expect(error.code == "invalid_grant" && error.kind == .invalidRequest && error.httpStatus == 400)
            #expect(error.message == "Authorization code does not exist: ac_x" && error.requestId == "req_1")
            #expect(error.stripeShouldRetry == nil)
        }
        #expect(transport.requests.count == 1)
    }

    @Test func aConnectBaseThatIsNotHTTPIsAProblem() {
        #expect(
            StripeConfig(apiKey: "sk_test_1", connectBase: "connect.stripe.com").problems() == ["connectBase must start with http:// or https://"])
        #expect(StripeConfig(apiKey: "sk_test_1").connectBase == "https://connect.stripe.com")
    }
}
