import Foundation
import Messages
@testable import Store
import Testing
@testable import Runtime

@Suite("Outbox rows and envelopes")
struct HeadersJSONTests {
    @Test func envelopeSurvivesTheOutboxRoundTrip() {
        let headers = MessageHeaders(
            schemaVersion: 2, causationId: "cause", stripeAccount: "acct_1",
            traceparent: "00-abc-def-01", attempt: 3, extra: ["x-error-code": "a\"b\\c"])
        let envelope = Envelope(
            correlationId: "corr", type: "payments.order.paid", appId: "payments",
            replyTo: "replies", headers: headers, body: Array(#"{"n":1}"#.utf8))
        let row = OutboxMessage(
            envelope, exchange: "connectbus.events", routingKey: "payments.order.paid",
            mandatory: false)
        #expect(row.envelope == envelope)
    }

    @Test func batchRowsAreOneValidJSONArrayInOrder() throws {
        let messages = (0..<3).map { index in
            OutboxMessage(
                Envelope(
                    correlationId: index == 1 ? nil : "c\(index)", type: "t\"\(index)", appId: "a",
                    body: [0, 255, UInt8(index)]),
                exchange: "", routingKey: "q", mandatory: index == 2)
        }
        let json = try JSONSerialization.jsonObject(with: Data(Outbox.rowsJSON(messages))) as? [[String: Any]]
        let rows = try #require(json)
        #expect(rows.count == 3)
        #expect(rows.map { $0["t"] as? String } == ["t\"0", "t\"1", "t\"2"])
        #expect(rows[1]["c"] is NSNull)
        #expect(rows[2]["md"] as? Bool == true)
        #expect(rows[0]["b"] as? String == Data([0, 255, 0]).base64EncodedString())
    }
}
