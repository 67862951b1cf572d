import StripeAPI
import Foundation
import Messages
import Testing
@testable import PaymentsService

@Suite("PaymentEvent")
struct PaymentEventTests {
    private func body(_ type: String, object: String, account: String? = "acct_1") -> [UInt8] {
        let accountField = account.map { #""account":"\#($0)","# } ?? ""
        return Array(
            #"{"id":"evt_1","object":"event",\#(accountField)"type":"\#(type)","created":1700000000,"data":{"object":\#(object)},"livemode":false}"#
                .utf8)
    }

    @Test("a completed Checkout Session with its PaymentIntent and metadata")
    func checkoutCompleted() throws {
        let session =
            #"{"id":"cs_1","object":"checkout.session","payment_status":"paid","payment_intent":"pi_1","amount_total":5000,"currency":"eur","metadata":{"order_reference":"o-1","connectbus_origin":"payments"},"extra_field":{"x":1}}"#
        let event = try #require(try PaymentEvent.parse(body("checkout.session.completed", object: session), fallbackAccount: nil, now: 1))
        #expect(event.account == "acct_1")
        #expect(event.created == 1700000000)
        guard case .checkoutSession(let parsed) = event.subject else { Issue.record("not a session"); return }
        #expect(parsed.paymentIntent?.id == "pi_1")
        #expect(parsed.metadata?["order_reference"] == "o-1")
        #expect(parsed.amountTotal == 5000)
    }

    @Test("the x-stripe-account header stands in for a missing account")
    func fallbackAccount() throws {
        let pi = #"{"id":"pi_1","object":"payment_intent","status":"succeeded","metadata":{}}"#
        let event = try #require(
            try PaymentEvent.parse(
                body("payment_intent.succeeded", object: pi, account: nil),
                fallbackAccount: "acct_header", now: 1))
        #expect(event.account == "acct_header")
        guard case .paymentIntent(let parsed) = event.subject else { Issue.record("not a PaymentIntent"); return }
        #expect(parsed.status == .succeeded)
    }

    @Test("a refunded charge carries its refunded total")
    func chargeRefunded() throws {
        let charge = #"{"id":"ch_1","object":"charge","amount":5000,"amount_refunded":2000,"payment_intent":"pi_1"}"#
        let event = try #require(try PaymentEvent.parse(body("charge.refunded", object: charge), fallbackAccount: nil, now: 1))
        guard case .charge(let parsed) = event.subject else { Issue.record("not a charge"); return }
        #expect(parsed.amountRefunded == 2000)
        #expect(parsed.paymentIntent?.id == "pi_1")
    }

    @Test("every consumed type is bound and parses to the object it carries")
    func everyConsumedType() throws {
        let objects: [PaymentEventType.Object: String] = [
            .checkoutSession: #"{"id":"cs_1","object":"checkout.session"}"#,
            .paymentIntent: #"{"id":"pi_1","object":"payment_intent"}"#,
            .charge: #"{"id":"ch_1","object":"charge"}"#,
            .setupIntent: #"{"id":"seti_1","object":"setup_intent"}"#,
            .dispute: #"{"id":"dp_1","object":"dispute"}"#,
            .applicationFee: #"{"id":"fee_1","object":"application_fee"}"#,
            .balance: #"{"object":"balance","available":[{"amount":-150,"currency":"usd"}],"pending":[]}"#,
        ]
        #expect(PaymentsService.stripeEvents.count == PaymentEventType.allCases.count)
        for type in PaymentEventType.allCases {
            #expect(PaymentsService.stripeEvents.contains("stripe.\(type.rawValue)"))
            let object = try #require(objects[type.object])
            let event = try #require(try PaymentEvent.parse(body(type.rawValue, object: object), fallbackAccount: nil, now: 1))
            #expect(event.type == type)
            switch (event.subject, type.object) {
            case (.checkoutSession, .checkoutSession), (.paymentIntent, .paymentIntent), (.charge, .charge),
                (.setupIntent, .setupIntent), (.dispute, .dispute), (.applicationFee, .applicationFee), (.balance, .balance):
                break
            default: Issue.record("\(type.rawValue) parsed as \(event.subject)")
            }
        }
    }

    @Test("a dispute event carries the dispute with its PaymentIntent, status and evidence deadline")
    func dispute() throws {
        let dispute = #"""
            {"id":"dp_1","object":"dispute","amount":1999,"currency":"usd","charge":"ch_1","payment_intent":"pi_1","reason":"fraudulent",
             "status":"needs_response","evidence_details":{"due_by":1800000000,"has_evidence":false,"submission_count":0},
             "balance_transactions":[{"id":"txn_1","amount":-1999,"fee":1500,"net":-3499,"reporting_category":"dispute"}]}
            """#
        let event = try #require(try PaymentEvent.parse(body("charge.dispute.funds_withdrawn", object: dispute), fallbackAccount: "acct_1", now: 1))
        guard case .dispute(let parsed) = event.subject else { Issue.record("not a dispute"); return }
        #expect(parsed.paymentIntent?.id == "pi_1" && parsed.status == .needsResponse)
        let seen = parsed.observation(at: 7)
        #expect(seen.fundsWithdrawn == 3499 && seen.fundsReinstated == 0 && seen.evidenceDueBy == 1_800_000_000 && seen.at == 7)
    }

    @Test("other event types are not handled")
    func otherTypes() throws {
        #expect(try PaymentEvent.parse(body("customer.created", object: #"{"id":"cus_1"}"#), fallbackAccount: nil, now: 1) == nil)
    }

    @Test("a body that is not a Stripe event is a decoding error")
    func malformed() {
        #expect(throws: MessageDecodingError.self) {
            try PaymentEvent.parse(Array("not json".utf8), fallbackAccount: nil, now: 1)
        }
        #expect(throws: MessageDecodingError.self) {
            try PaymentEvent.parse(body("payment_intent.succeeded", object: #"{"status":"succeeded"}"#), fallbackAccount: nil, now: 1)
        }
    }
}
