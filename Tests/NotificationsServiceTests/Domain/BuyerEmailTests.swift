import Foundation
import Messages
import NotificationsService
import StripeAPI
import Testing

@Suite("BuyerEmail and EmailAudience")
struct BuyerEmailTests {
    let customer = Customer(id: "cus_1", email: "customer@buyer.example")
    let charge = Charge(id: "ch_1", billingDetails: BillingDetails(email: "billing@buyer.example"))

    @Test("receipt_email first, then the Customer's e-mail, then the latest charge's billing e-mail")
    func order() {
        let all = PaymentIntent(
            id: "pi_1", customer: .object(customer), latestCharge: .object(charge),
            receiptEmail: "receipt@buyer.example")
        #expect(BuyerEmail.from(all) == "receipt@buyer.example")
        var noReceipt = all
        noReceipt.receiptEmail = "  "
        #expect(BuyerEmail.from(noReceipt) == "customer@buyer.example")
        noReceipt.customer = .object(Customer(id: "cus_1", email: nil))
        #expect(BuyerEmail.from(noReceipt) == "billing@buyer.example")
        noReceipt.customer = .id("cus_1")  // not expanded: nothing to read
        #expect(BuyerEmail.from(noReceipt) == "billing@buyer.example")
    }

    @Test("nothing known is nil")
    func none() {
        #expect(BuyerEmail.from(PaymentIntent(id: "pi_1")) == nil)
        #expect(BuyerEmail.from(PaymentIntent(id: "pi_1", customer: .id("cus_1"), latestCharge: .id("ch_1"))) == nil)
        #expect(BuyerEmail.from(PaymentIntent(id: "pi_1", latestCharge: .object(Charge(id: "ch_1", billingDetails: BillingDetails())))) == nil)
    }

    @Test("receipt_email and billing_details decode from Stripe's JSON; the expansion asked for is customer and latest_charge")
    func decoding() throws {
        let json =
            #"{"id":"pi_1","object":"payment_intent","receipt_email":"r@buyer.example","customer":{"id":"cus_1","object":"customer","email":"c@buyer.example"},"latest_charge":{"id":"ch_1","object":"charge","billing_details":{"email":"b@buyer.example","name":null,"phone":null,"address":null}}}"#
        let pi = try JSONDecoder().decode(PaymentIntent.self, from: Data(json.utf8))
        #expect(pi.receiptEmail == "r@buyer.example")
        #expect(pi.latestCharge?.object?.billingDetails?.email == "b@buyer.example")
        #expect(BuyerEmail.expand == ["customer", "latest_charge"])
    }

    @Test("buyer templates are for buyers, the onboarding reminder for sellers")
    func audiences() {
        #expect(EmailTemplate.orderConfirmation.audience == .buyer)
        #expect(EmailTemplate.paymentFailed.audience == .buyer)
        #expect(EmailTemplate.onboardingIncomplete.audience == .seller)
    }
}
