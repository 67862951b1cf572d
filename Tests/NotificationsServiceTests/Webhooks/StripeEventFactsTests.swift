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

    @Test(
        "the facts read in the scrubber's pass are the decoder's, for events and for bodies that are none",
        arguments: [
            #"{"id":"evt_1","type":"account.updated","account":"acct_9","api_version":"2025-03-31.basil","created":17,"livemode":true}"#,
            #" { "type" : "a.b" , "id" : "evt_\u00e9\n" , "created" : -5 , "livemode" : false , "data" : {"id":"x","type":"y"} } "#,
            #"{"id":"evt_é","type":"payment_intent.succeeded","account":null,"api_version":null,"created":null,"livemode":null}"#,
            #"{"id":"evt_1","type":"a.b","client_secret":"pi_secret","created":1.5e3}"#,
            #"{"id":"evt_1","type":"a.b","created":1.5}"#,
            #"{"id":"evt_1","type":"a.b","created":"17"}"#,
            #"{"id":"evt_1","type":"a.b","created":123456789012345678901}"#,
            #"{"id":"evt_1","type":"a.b","livemode":"true"}"#,
            #"{"id":"evt_1","type":"a.b","account":5}"#,
            #"{"id":5,"type":"a.b"}"#,
            #"{"id":"evt_1","type":"a.#"}"#,
            #"{"id":"evt_1","id":"evt_2","type":"a.b"}"#,
            #"{"\u0069d":"evt_1","type":"a.b"}"#,
            #"{"id":"","type":"a.b"}"#,
            #"["id","type"]"#, #""evt""#, "{}",
        ])
    func factsFromTheScrubbersPass(text: String) throws {
        let body = Array(text.utf8)
        let (_, facts) = try EventBodyScrubber.scrubAndRead(body)
        #expect(facts == StripeEventFacts.parse(body))
    }

    @Test("scrubAndRead cuts the secrets as scrub does and reads the event")
    func scrubAndReadCuts() throws {
        let body = Array(#"{"id":"evt_1","client_secret":"s","type":"a.b","data":{"client_secret":"t","n":1}}"#.utf8)
        let (scrubbed, facts) = try EventBodyScrubber.scrubAndRead(body)
        #expect(scrubbed == (try EventBodyScrubber.scrub(body)))
        #expect(facts?.id == "evt_1" && facts?.type == "a.b")
        let escaped = try EventBodyScrubber.scrubAndRead(Array(#"{"id":"evt_\u00e9","type":"a.b","created":-5}"#.utf8))
        #expect(escaped.facts?.id == "evt_é" && escaped.facts?.created == -5)
        #expect(throws: EventBodyScrubber.Problem.self) { try EventBodyScrubber.scrubAndRead(Array(#"{"id":"evt_1""#.utf8)) }
    }

    @Test("endpoints by path")
    func endpoints() {
        #expect(WebhookEndpoint(path: "/webhooks/stripe") == .platform)
        #expect(WebhookEndpoint(path: "/webhooks/stripe/connect") == .connect)
        #expect(WebhookEndpoint(path: "/webhooks") == nil)
    }
}
