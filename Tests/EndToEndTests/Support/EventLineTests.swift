import Foundation
import Messages
import Testing
@testable import ConnectBusCLI

@Suite("Event lines of the tail monitor")
struct EventLineTests {
    func envelope(_ type: String, _ body: String, account: String? = nil, time: Date = Date()) -> Envelope {
        Envelope(type: type, timestamp: time, appId: "test", headers: MessageHeaders(stripeAccount: account), body: Array(body.utf8))
    }

    /// 2026-12-04T03:09:47Z, and six minutes later (an event replayed from the history stream).
    static let eventTime = Date(timeIntervalSince1970: 1_796_353_787)
    static let readTime = Date(timeIntervalSince1970: 1_796_354_134.25)

    @Test func busEventShowsAccountAndKeyFieldsInOrder() {
        let line = EventLine.text(
            routingKey: "payments.order.paid",
            envelope: envelope(
                "payments.order.paid",
                #"{"account":"acct_1","order_reference":"o-1","amount":4800,"currency":"usd","application_fee_amount":480,"line_items":[1]}"#,
                time: Date(timeIntervalSince1970: 3723)),
            received: Date(timeIntervalSince1970: 3725.5))
        #expect(line == "01:02:03  payments.order.paid  acct_1  order_reference=o-1  amount=4800  application_fee_amount=480  currency=usd")
    }

    @Test func theTimeIsTheEventsOwnNotWhenTheLineWasRead() {
        let event = envelope("payments.order.paid", #"{"amount":100}"#, account: "acct_1", time: Self.eventTime)
        let line = EventLine.text(routingKey: "payments.order.paid", envelope: event, received: Self.readTime)
        #expect(line == "03:09:47  payments.order.paid  acct_1  amount=100")
        let both = EventLine.text(routingKey: "payments.order.paid", envelope: event, received: Self.readTime, readTime: true)
        #expect(both == "03:09:47  read=03:15:34.250  payments.order.paid  acct_1  amount=100")
    }

    @Test func anEventWithoutATimestampShowsItsReadTimeLabelled() {
        let event = envelope("payments.order.paid", "{}", time: Date(timeIntervalSince1970: 0))
        #expect(EventLine.eventTime(of: event) == nil)
        let line = EventLine.text(routingKey: "payments.order.paid", envelope: event, received: Self.readTime)
        #expect(line == "03:15:34.250(read)  payments.order.paid  -")
    }

    @Test func jsonTimeIsTheEventsAndReadTimeOnlyWhenAsked() throws {
        let event = envelope("payments.order.paid", "{}", time: Self.eventTime)
        let plain = try #require(
            JSONDisplay.parse(Array(EventLine.json(routingKey: "payments.order.paid", envelope: event, received: Self.readTime).utf8))
                as? [String: Any])
        #expect(plain["time"] as? String == "2026-12-04T03:09:47Z")
        #expect(plain["read_time"] == nil)
        let both = try #require(
            JSONDisplay.parse(
                Array(EventLine.json(routingKey: "payments.order.paid", envelope: event, received: Self.readTime, readTime: true).utf8))
                as? [String: Any])
        #expect(both["time"] as? String == "2026-12-04T03:09:47Z")
        #expect(both["read_time"] as? String == "2026-12-04T03:15:34.250Z")
        let untimed = envelope("payments.order.paid", "{}", time: Date(timeIntervalSince1970: 0))
        let none = try #require(
            JSONDisplay.parse(Array(EventLine.json(routingKey: "payments.order.paid", envelope: untimed).utf8)) as? [String: Any])
        #expect(none["time"] is NSNull)
    }

    @Test func stripeEventFieldsComeFromDataObjectAndTheHeaderAccount() {
        let body = #"{"id":"evt_1","type":"charge.succeeded","data":{"object":{"id":"ch_1","amount":500,"currency":"eur","status":"succeeded"}}}"#
        let line = EventLine.text(
            routingKey: "stripe.charge.succeeded",
            envelope: envelope("stripe.charge.succeeded", body, account: "acct_9"))
        #expect(line.contains("stripe.charge.succeeded  acct_9  id=ch_1"))
        #expect(line.contains("status=succeeded  amount=500  currency=eur"))
    }

    @Test func jsonLineCarriesRoutingKeyHeadersAndParsedBody() throws {
        let line = EventLine.json(
            routingKey: "terminal.payment.captured",
            envelope: envelope("terminal.payment.captured", #"{"amount_captured":4200}"#, account: "acct_2"))
        let object = try #require(JSONDisplay.parse(Array(line.utf8)) as? [String: Any])
        #expect(object["routing_key"] as? String == "terminal.payment.captured")
        #expect(object["stripe_account"] as? String == "acct_2")
        #expect((object["body"] as? [String: Any])?["amount_captured"] as? Int == 4200)
        #expect(!line.contains("\n"))
    }

    @Test func jsonPathsReachNestedValues() throws {
        let object = try #require(JSONDisplay.parse(Array(#"{"ok":true,"result":{"items":[{"id":"a"},{"id":"b"}],"n":2}}"#.utf8)))
        #expect(JSONDisplay.value(at: "result.items[1].id", in: object) as? String == "b")
        #expect(JSONDisplay.plain(JSONDisplay.value(at: "result.n", in: object) ?? "") == "2")
        #expect(JSONDisplay.value(at: "result.missing", in: object) == nil)
        #expect(JSONDisplay.value(at: "result.items[5]", in: object) == nil)
    }
}
