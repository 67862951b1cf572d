import Foundation
import Messages
import PaymentsService
import StripeSimCore
import Testing
import TestKit

extension PaymentsIntegrationTests {
    /// `payments.quote_shipping` and `payments.confirm_payment`'s `shipping_method` against
    /// RabbitMQ, Postgres and stripe-sim, with the test bed's rules
    /// (``PaymentsTestBed/shippingRules``).
    @Suite("Shipping quotes for the legacy app flow")
    struct ShippingQuotes {
        private static let home = ShippingAddress(line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US")

        @Test("a served address gets its methods cheapest first, free over the threshold; others get the reason, with no Stripe call")
        func quotes() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let before = bed.sim.requestLog.count
                let quote = try unwrap(
                    try await bed.send(QuoteShipping(account: account, currency: "usd", subtotal: 4200, address: Self.home)))
                #expect(quote.status == .valid && quote.reasonCode == nil)
                #expect(quote.methods.map(\.id) == ["standard", "express"])
                #expect(quote.methods.map(\.amount) == [599, 1999])
                let free = try unwrap(
                    try await bed.send(QuoteShipping(account: account, currency: "usd", subtotal: 5000, address: Self.home)))
                #expect(free.methods.first?.amount == 0)
                // The same question answered again is the same answer (nothing is kept).
                #expect(try unwrap(try await bed.send(QuoteShipping(account: account, currency: "usd", subtotal: 4200, address: Self.home))) == quote)
                let refusals: [(ShippingAddress, String, String)] = [
                    (ShippingAddress(line1: "Unter den Linden 1", postalCode: "10117", country: "DE"), "usd", "country_not_served"),
                    (ShippingAddress(line1: "1 Main St", postalCode: "6270", country: "US"), "usd", "postal_code_invalid"),
                    (ShippingAddress(line1: "P.O. Box 12", postalCode: "62701", country: "US"), "usd", "po_box_not_served"),
                    (ShippingAddress(line1: "1 Main St", postalCode: "62701", country: "US"), "eur", "currency_not_served"),
                ]
                for (address, currency, code) in refusals {
                    let answer = try unwrap(try await bed.send(QuoteShipping(account: account, currency: currency, subtotal: 4200, address: address)))
                    #expect(answer.status == .invalid && answer.reasonCode == code && answer.methods.isEmpty, "\(code)")
                    #expect(answer.reason?.isEmpty == false)
                }
                let canada = try unwrap(
                    try await bed.send(
                        QuoteShipping(
                            account: account, currency: "eur", subtotal: 100,
                            address: ShippingAddress(line1: "1 Rue", postalCode: "H2X 1Y4", country: "CA"))))
                #expect(canada.methods.map(\.amount) == [2799])
                #expect(bed.sim.requestLog.count == before)
            }
        }

        @Test("the chosen method's amount is charged with the order and recorded; a method not offered there is refused before Stripe")
        func confirmCarriesTheShippingAmount() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let shipping = Shipping(name: "Ada Buyer", address: Self.home)
                let command = ConfirmPayment(
                    account: account, orderReference: order, amount: 4200, currency: "usd", paymentMethod: "pm_card_visa",
                    applicationFeeAmount: 300, shipping: shipping, shippingMethod: "express")
                let result = try unwrap(try await bed.send(command))
                #expect(result.status == .succeeded && result.amount == 4200 + 1999)
                let create = try #require(bed.requests("POST", "/v1/payment_intents").last)
                #expect(create.params["amount"]?.stringValue == "6199")
                #expect(create.params["metadata"]?["shipping_method"]?.stringValue == "express:1999")
                #expect(create.params["shipping"]?["address"]?["postal_code"]?.stringValue == "62701")
                #expect(bed.collectedFee(paymentIntent: result.paymentIntent) == 300)

                let before = bed.sim.requestLog.count
                var abroad = command
                abroad.orderReference = PaymentsTestBed.orderReference()
                abroad.shippingMethod = "international"
                guard case .error(let refused) = try await bed.send(abroad) else {
                    Issue.record("a method not offered in the US was accepted")
                    return
                }
                #expect(refused.code == ReplyError.Code.shippingMethodUnavailable)
                #expect(refused.field == "shipping_method")
                #expect(bed.sim.requestLog.count == before)
            }
        }
    }
}
