import NotificationsService
import Testing

@Suite("StripeEventFacts and WebhookEndpoint")
struct StripeEventFactsTests {
    @Test("reads id, type, account and API version; routing key and message id derive from them")
    func parses() throws {
        let body = Array(
            #"{"id":"evt_1","type":"account.updated","account":"acct_9","api_version":"2025-03-31.basil","created":17,"livemode":false}"#.utf8)
        let facts = try #require(StripeEventFacts.parse(body))
        #expect(
            facts
                == StripeEventFacts(
                    id: "evt_1", type: "account.updated", account: "acct_9",
                    apiVersion: "2025-03-31.basil", created: 17, livemode: false))
        #expect(facts.routingKey == "stripe.account.updated")
        #expect(facts.messageId == "stripe:evt_1")
    }

    @Test(
        "refuses bodies that are not events",
        arguments: [
            "[]", "{}", #"{"id":"evt_1"}"#, #"{"id":"","type":"a.b"}"#, #"{"id":"evt_1","type":"a.#"}"#, "not json",
        ])
    func refuses(text: String) {
        #expect(StripeEventFacts.parse(Array(text.utf8)) == nil)
    }

    @Test("endpoints by path")
    func endpoints() {
        #expect(WebhookEndpoint(path: "/webhooks/stripe") == .platform)
        #expect(WebhookEndpoint(path: "/webhooks/stripe/connect") == .connect)
        #expect(WebhookEndpoint(path: "/webhooks") == nil)
    }
}
