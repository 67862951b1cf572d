import Testing
@testable import ConnectBusCLI

@Suite("Events as the demo story compares them")
struct StoryEventTests {
    @Test func aStripeEventIsComparedOnItsDataObject() {
        let event = StoryEvent(
            routingKey: "stripe.account.updated", stripeAccount: "acct_1",
            body: Array(#"{"id":"evt_1","data":{"object":{"id":"acct_1","charges_enabled":true}}}"#.utf8))
        #expect(event.matches("stripe.account.updated", [("id", "acct_1"), ("charges_enabled", "true")]))
        #expect(!event.matches("stripe.account.updated", [("charges_enabled", "false")]))
        #expect(!event.matches("stripe.account.updated", [("id", "evt_1")]))
    }

    @Test func aBusEventIsComparedOnItsBodyWithNumbersAsText() {
        let event = StoryEvent(
            routingKey: "payments.order.paid", stripeAccount: nil,
            body: Array(#"{"account":"acct_1","order_reference":"o-1","amount":4800,"refunded":null}"#.utf8))
        #expect(event.matches("payments.order.paid", [("order_reference", "o-1"), ("amount", "4800")]))
        #expect(!event.matches("payments.order.paid", [("amount", "4801")]))
        #expect(!event.matches("payments.order.refunded", []))
        #expect(!event.matches("payments.order.paid", [("refunded", "null")]))
        #expect(event.concerns("acct_1") && !event.concerns("acct_2"))
    }

    @Test func theConfirmationTokenIsFoundInARedirect() {
        #expect(
            Story.confirmationToken(in: "303 http://127.0.0.1:9189/shop/pay?confirmation_token=ctoken_Ab12&x=1") == "ctoken_Ab12")
        #expect(Story.confirmationToken(in: "400 ") == nil)
    }
}
