import Foundation
import Messages
import StripeAPI
import Testing
@testable import TerminalGateway

@Suite("Stripe events and PaymentIntents as the gateway reads them")
struct TerminalStripeEventTests {
    @Test func readerEventNamesItsPaymentIntent() throws {
        let body = Array(
            #"""
            {"id":"evt_1","object":"event","type":"terminal.reader.action_failed","created":1800000000,"account":"acct_1",
             "request":{"id":"req_1","idempotency_key":"k1"},
             "data":{"object":{"id":"tmr_1","object":"terminal.reader","action":{"type":"process_payment_intent","status":"failed",
               "failure_code":"card_declined","process_payment_intent":{"payment_intent":"pi_9"}}}}}
            """#.utf8)
        let event = try TerminalStripeEvent.parse(body, fallbackAccount: nil, now: 0)
        #expect(event.paymentIntent == "pi_9")
        #expect(event.reader == "tmr_1")
        #expect(event.account == "acct_1")
        #expect(event.created == 1_800_000_000)
        #expect(event.idempotencyKey == "k1")
    }

    @Test func paymentIntentEventUsesTheHeaderAccountWhenTheEventHasNone() throws {
        let body = Array(#"{"id":"evt_2","type":"payment_intent.succeeded","data":{"object":{"id":"pi_2","object":"payment_intent"}}}"#.utf8)
        let event = try TerminalStripeEvent.parse(body, fallbackAccount: "acct_h", now: 42)
        #expect(event.paymentIntent == "pi_2")
        #expect(event.account == "acct_h")
        #expect(event.created == 42)
    }

    @Test func everyConsumedTypeIsBoundAndNamesItsPaymentIntent() throws {
        let objects: [TerminalEventType.Object: String] = [
            .reader:
                #"{"id":"tmr_1","object":"terminal.reader","action":{"type":"process_payment_intent","status":"succeeded","process_payment_intent":{"payment_intent":"pi_1"}}}"#,
            .paymentIntent: #"{"id":"pi_1","object":"payment_intent"}"#,
        ]
        #expect(TerminalGatewayService.stripeEvents.count == TerminalEventType.allCases.count)
        for type in TerminalEventType.allCases {
            #expect(TerminalGatewayService.stripeEvents.contains("stripe.\(type.rawValue)"))
            let object = try #require(objects[type.object])
            let body = Array(#"{"id":"evt_1","type":"\#(type.rawValue)","data":{"object":\#(object)}}"#.utf8)
            let event = try TerminalStripeEvent.parse(body, fallbackAccount: nil, now: 0)
            #expect(event.kind == type)
            #expect(event.paymentIntent == "pi_1", "\(type.rawValue)")
            #expect(event.reader == (type.object == .reader ? "tmr_1" : nil))
        }
        let other = Array(#"{"id":"evt_2","type":"payment_intent.created","data":{"object":{"id":"pi_2","object":"payment_intent"}}}"#.utf8)
        #expect(try TerminalStripeEvent.parse(other, fallbackAccount: nil, now: 0).kind == nil)
    }

    @Test func malformedEventsNameTheirPart() {
        #expect(throws: MessageDecodingError.self) { try TerminalStripeEvent.parse(Array("nope".utf8), fallbackAccount: nil, now: 0) }
        let wrongObject = Array(#"{"id":"evt_3","type":"terminal.reader.action_succeeded","data":{"object":{"object":"reader"}}}"#.utf8)
        #expect {
            try TerminalStripeEvent.parse(wrongObject, fallbackAccount: nil, now: 0)
        } throws: { error in
            (error as? MessageDecodingError)?.field == "data.object"
        }
    }

    @Test func snapshotOfAnExpandedPaymentIntent() throws {
        let json = #"""
            {"id":"pi_1","object":"payment_intent","amount":1000,"amount_capturable":1000,"amount_received":0,"currency":"usd",
             "status":"requires_capture","latest_charge":{"id":"ch_1","object":"charge","created":1800000100,
               "payment_method_details":{"type":"card_present","card_present":{"overcapture_supported":true}}}}
            """#
        let pi = try JSONDecoder().decode(PaymentIntent.self, from: Data(json.utf8))
        let snapshot = PaymentIntentSnapshot(pi, observedAt: 5)
        #expect(snapshot.status == .requiresCapture)
        #expect(snapshot.amountCapturable == 1000)
        #expect(snapshot.latestCharge == "ch_1")
        #expect(snapshot.chargeCreated == 1_800_000_100)
        #expect(snapshot.overcaptureSupported)
    }

    @Test func snapshotOfADeclinedPaymentIntent() throws {
        let json = #"""
            {"id":"pi_1","amount":1005,"status":"requires_payment_method","latest_charge":"ch_2",
             "last_payment_error":{"type":"card_error","code":"card_declined","decline_code":"call_issuer","message":"Call"}}
            """#
        let snapshot = PaymentIntentSnapshot(try JSONDecoder().decode(PaymentIntent.self, from: Data(json.utf8)), observedAt: 5)
        #expect(snapshot.status == .requiresPaymentMethod)
        #expect(snapshot.decline == .init(code: "card_declined", declineCode: "call_issuer", message: "Call"))
        #expect(snapshot.latestCharge == "ch_2")
        #expect(!snapshot.overcaptureSupported)
    }
}
