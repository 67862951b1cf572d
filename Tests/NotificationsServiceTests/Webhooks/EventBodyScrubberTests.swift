import Foundation
import NotificationsService
import Testing

@Suite("EventBodyScrubber")
struct EventBodyScrubberTests {
    private func scrub(_ text: String) throws -> String {
        String(decoding: try EventBodyScrubber.scrub(Array(text.utf8)), as: UTF8.self)
    }

    @Test("a body without client_secret comes back byte for byte")
    func untouched() throws {
        let text = #"{"id":"evt_1","type":"customer.created","data":{"object":{"n":[1,-2.5e3,true,false,null,"é\n\u00e9\ud83d\ude00"]}}}"#
        #expect(try scrub(text) == text)
        #expect(try scrub(" [ ] ") == " [ ] ")
    }

    @Test(
        "client_secret members go at any depth, with their comma; the rest keeps its bytes",
        arguments: [
            (#"{"a":1,"client_secret":"pi_1_secret_x","b":2}"#, #"{"a":1,"b":2}"#),
            (#"{"client_secret":"s","b":2}"#, #"{"b":2}"#),
            (#"{"a":1,"client_secret":"s"}"#, #"{"a":1}"#),
            (#"{"client_secret":"s"}"#, #"{}"#),
            (
                #"{"a":{"client_secret":null,"x":[{"client_secret":"s"}]},"b":{"client_secret":{"client_secret":"s"}}}"#,
                #"{"a":{"x":[{}]},"b":{}}"#
            ),
            (#"{"a":1,"client_secret":"s","client_secret":"t"}"#, #"{"a":1}"#),
            (#"{"client\u005fsecret":"s","client_secret_x":"kept"}"#, #"{"client_secret_x":"kept"}"#),
            (#"{"note":"client_secret","b":"client_secret"}"#, #"{"note":"client_secret","b":"client_secret"}"#),
            (
                "{\n  \"id\": \"pi_1\",\n  \"client_secret\": \"pi_1_secret_x\",\n  \"amount\": 1700\n}",
                "{\n  \"id\": \"pi_1\",\n  \"amount\": 1700\n}"
            ),
            ("{\n  \"id\": \"pi_1\",\n  \"client_secret\": \"pi_1_secret_x\"\n}", "{\n  \"id\": \"pi_1\"\n}"),
        ])
    func removes(input: String, expected: String) throws {
        let output = try scrub(input)
        #expect(output == expected)
        #expect(try JSONSerialization.jsonObject(with: Data(output.utf8), options: [.fragmentsAllowed]) is [String: Any])
    }

    @Test("a Stripe PaymentIntent event loses its client secret and nothing else")
    func paymentIntentEvent() throws {
        let event =
            #"{"id":"evt_1","object":"event","type":"payment_intent.payment_failed","data":{"object":{"id":"pi_1","object":"payment_intent","amount":1700,"client_secret":"pi_1_secret_abc","currency":"usd","metadata":{"order_reference":"b11-1"}},"previous_attributes":{"client_secret":"old"}}}"#
        let output = try scrub(event)
        #expect(!output.contains("secret"))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let object = try #require((decoded["data"] as? [String: Any])?["object"] as? [String: Any])
        #expect(object["amount"] as? Int == 1700)
        #expect((object["metadata"] as? [String: String])?["order_reference"] == "b11-1")
        #expect(object["client_secret"] == nil)
    }

    @Test(
        "invalid UTF-8 in a string, or a lone surrogate escape, is invalidUTF8",
        arguments: [
            [0xFF], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC3], [0x80],
            [0xE2, 0x82],
        ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        let body =
            Array(#"{"id":"evt_1","type":"checkout.session.completed","data":{"object":{"metadata":{"order":"Zo"#.utf8)
            + bytes + Array(#""}}}}"#.utf8)
        #expect(throws: EventBodyScrubber.Problem.invalidUTF8) { try EventBodyScrubber.scrub(body) }
    }

    @Test("lone surrogates escaped", arguments: [#""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""\ud800x""#])
    func loneSurrogates(text: String) {
        #expect(throws: EventBodyScrubber.Problem.invalidUTF8) { try EventBodyScrubber.scrub(Array(text.utf8)) }
    }

    @Test(
        "what is not one JSON text is invalidJSON",
        arguments: [
            "", "not json", "{", #"{"a":1,}"#, "[1,]", #"{"a" 1}"#, "01", "1.", "-", "1e", #"{"a":1} x"#, #""\x""#,
            "\"a\tb\"", #""\u12""#, "tru", "nul", #"{1:2}"#, "[1 2]",
        ])
    func invalidJSON(text: String) {
        #expect(throws: EventBodyScrubber.Problem.invalidJSON) { try EventBodyScrubber.scrub(Array(text.utf8)) }
    }

    @Test("nesting deeper than the limit is refused, at the limit accepted")
    func depth() throws {
        let limit = EventBodyScrubber.maxDepth
        let deep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        #expect(throws: EventBodyScrubber.Problem.invalidJSON) { try EventBodyScrubber.scrub(Array(deep.utf8)) }
        let ok = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(try scrub(ok) == ok)
    }
}
