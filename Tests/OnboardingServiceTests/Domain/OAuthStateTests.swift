import Foundation
import Messages
import Runtime
import Testing
@testable import OnboardingService

/// The OAuth state rules and the authorize URL, without I/O.
@Suite struct OAuthStateTests {
    private let issued = OAuthState(
        state: "abc", sellerReference: "shop-1", scope: .readWrite, redirectURI: "https://p.test/cb?x=1", expiresAt: 1_000)

    @Test func aStateIsAcceptedOnceAndUntilItExpires() {
        #expect(OAuthStateCheck.refusal(issued, now: 999) == nil)
        #expect(OAuthStateCheck.refusal(issued, now: 1_000)?.code == ReplyError.Code.oauthStateExpired)
        var used = issued
        used.used = true
        #expect(OAuthStateCheck.refusal(used, now: 10)?.code == ReplyError.Code.oauthStateUsed)
        #expect(OAuthStateCheck.refusal(nil, now: 10)?.code == ReplyError.Code.oauthStateUnknown)
    }

    @Test func statesAreRandomBase64URL() {
        let a = OAuthState.random(), b = OAuthState.random()
        #expect(a.count == 43 && a != b)
        #expect(a.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(OAuthState.base64URL(Array("any carnal pleas".utf8)) == "YW55IGNhcm5hbCBwbGVhcw")
        #expect(OAuthState.base64URL([0xFB, 0xFF]) == "-_8")
    }

    @Test func theAuthorizeURLCarriesStripesParameters() throws {
        let url = OAuthAuthorizeURL.make(connectBase: "https://connect.stripe.com/", clientId: "ca_123", state: issued, email: "a@b.test")
        #expect(url.hasPrefix("https://connect.stripe.com/oauth/authorize?response_type=code&client_id=ca_123&scope=read_write&state=abc"))
        let items = QueryString.parse(url)
        #expect(items["redirect_uri"] == "https://p.test/cb?x=1" && items["stripe_user[email]"] == "a@b.test")
    }

    @Test func theClientIdIsReadAndChecked() throws {
        let env = ["AMQP_URL": "amqp://localhost", "DATABASE_URL": "postgres://localhost/x"]
        let read = try ServiceConfig.fromEnvironment(
            service: "onboarding", env.merging(["STRIPE_CONNECT_CLIENT_ID": "ca_abc", "STRIPE_CONNECT_BASE": "http://127.0.0.1:9"]) { a, _ in a },
            settings: OnboardingSettings.init(reading:))
        #expect(read.settings.connectClientId == "ca_abc" && read.config.stripeConnectBase == "http://127.0.0.1:9")
        let unset = try ServiceConfig.fromEnvironment(service: "onboarding", env, settings: OnboardingSettings.init(reading:))
        #expect(unset.settings.connectClientId == nil && unset.config.stripeConnectBase == "https://connect.stripe.com")
        do {
            _ = try ServiceConfig.fromEnvironment(
                service: "onboarding", env.merging(["STRIPE_CONNECT_CLIENT_ID": "sk_test_oops", "STRIPE_CONNECT_BASE": "ftp://x"]) { a, _ in a },
                settings: OnboardingSettings.init(reading:))
            Issue.record("expected a ConfigError")
        } catch {
            #expect(Set(error.problems.map(\.variable)) == ["STRIPE_CONNECT_CLIENT_ID", "STRIPE_CONNECT_BASE"])
        }
    }
}
