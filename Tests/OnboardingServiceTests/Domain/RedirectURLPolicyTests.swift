import Testing
@testable import OnboardingService

@Suite("Redirect URL policy")
struct RedirectURLPolicyTests {
    @Test func liveKeysRequireHTTPS() {
        let live = RedirectURLPolicy(apiKey: "sk_live_abc")
        #expect(live.requiresHTTPS)
        #expect(RedirectURLPolicy(apiKey: "rk_live_abc").requiresHTTPS)
        #expect(live.problem(with: "https://shop.example/return") == nil)
        #expect(live.problem(with: "http://shop.example/return") == "must use https with a live key")
    }

    @Test func testKeysAcceptHTTP() {
        let test = RedirectURLPolicy(apiKey: "sk_test_abc")
        #expect(!test.requiresHTTPS)
        #expect(test.problem(with: "http://localhost:8080/return") == nil)
        #expect(test.problem(with: "https://shop.example/return") == nil)
    }

    @Test func rejectsNonURLs() {
        let test = RedirectURLPolicy(requiresHTTPS: false)
        #expect(test.problem(with: "not a url") == "must be an absolute URL")
        #expect(test.problem(with: "/relative/path") == "must be an absolute URL")
        #expect(test.problem(with: "ftp://shop.example/x") == "must use http or https")
        #expect(test.problem(with: "") == "must be an absolute URL")
    }
}
