import Foundation
import Messages
import Testing
@testable import ConnectBusCLI

@Suite("Event lines of the tail monitor")
struct EventLineTests {
    func envelope(_ type: String, _ body: String, account: String? = nil) -> Envelope {
        Envelope(type: type, appId: "test", headers: MessageHeaders(stripeAccount: account), body: Array(body.utf8))
    }

    @Test func busEventShowsAccountAndKeyFieldsInOrder() {
        let line = EventLine.text(
            routingKey: "payments.order.paid",
            envelope: envelope(
                "payments.order.paid",
                #"{"account":"acct_1","order_reference":"o-1","amount":4800,"currency":"usd","application_fee_amount":480,"line_items":[1]}"#),
            received: Date(timeIntervalSince1970: 3723.5))
        #expect(line == "01:02:03.500  payments.order.paid  acct_1  order_reference=o-1  amount=4800  application_fee_amount=480  currency=usd")
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
        let object = try #require(JSONText.parse(Array(line.utf8)) as? [String: Any])
        #expect(object["routing_key"] as? String == "terminal.payment.captured")
        #expect(object["stripe_account"] as? String == "acct_2")
        #expect((object["body"] as? [String: Any])?["amount_captured"] as? Int == 4200)
        #expect(!line.contains("\n"))
    }

    @Test func jsonPathsReachNestedValues() throws {
        let object = try #require(JSONText.parse(Array(#"{"ok":true,"result":{"items":[{"id":"a"},{"id":"b"}],"n":2}}"#.utf8)))
        #expect(JSONText.value(at: "result.items[1].id", in: object) as? String == "b")
        #expect(JSONText.plain(JSONText.value(at: "result.n", in: object) ?? "") == "2")
        #expect(JSONText.value(at: "result.missing", in: object) == nil)
        #expect(JSONText.value(at: "result.items[5]", in: object) == nil)
    }
}
