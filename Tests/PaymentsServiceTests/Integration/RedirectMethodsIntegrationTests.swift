import Foundation
import HTTPServer
import Messages
import PaymentsService
import StripeSimCore
import Testing
import TestKit

extension PaymentsIntegrationTests {
    /// Redirect-based methods (iDEAL, Bancontact, …) on Checkout and the Payment Element: the
    /// buyer goes through the simulator's test page and the order settles through the webhooks.
    @Suite("Redirect-based payment methods")
    struct RedirectMethods {
        static let returnURL = "https://shop.example.com/return?session_id={CHECKOUT_SESSION_ID}"

        /// The buyer on a redirect method's test page: `outcome` `authorize` or `fail`; the 303's target.
        static func testPage(_ bed: PaymentsTestBed, _ url: String, outcome: String) throws -> String {
            let path = try #require(URLComponents(string: url)?.path)
            #expect(bed.sim.handle(HTTPRequest(method: "GET", path: path)).status == 200)
            let form = "outcome=\(outcome)"
            let answer = bed.sim.handle(
                HTTPRequest(
                    method: "POST", path: path, headers: ["content-type": "application/x-www-form-urlencoded"], body: Array(form.utf8)))
            #expect(answer.status == 303)
            return try #require(answer.headers["Location"])
        }

        @Test(
            "iDEAL on a Checkout Session of each ui_mode: the test page authorizes, the order is paid once",
            arguments: [
                CheckoutUIMode.hostedPage, .embeddedPage, .elements,
            ])
        func checkoutIdeal(mode: CheckoutUIMode) async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let created = try unwrap(
                    try await bed.send(
                        CreateCheckoutSession(
                            account: account, orderReference: order,
                            lineItems: [
                                CheckoutLineItem(priceData: PriceData(productName: "Tulips", unitAmount: 2500, currency: "eur"), quantity: 1)
                            ],
                            applicationFeeAmount: 250, customerEmail: "koper@example.nl", uiMode: mode,
                            successUrl: mode.isHosted ? "https://shop.example.com/success" : nil, returnUrl: mode.isHosted ? nil : Self.returnURL,
                            paymentMethodTypes: ["card", "ideal"])))
                let form = "method=ideal&email=koper%40example.nl"
                let submitted = bed.sim.handle(
                    HTTPRequest(
                        method: "POST", path: "/sim/checkout/\(created.checkoutSession)/submit",
                        headers: ["content-type": "application/x-www-form-urlencoded"], body: Array(form.utf8)))
                #expect(submitted.status == 303)
                let page = try #require(submitted.headers["Location"])
                #expect(page.hasSuffix("/redirect"))
                #expect(bed.sim.object(id: created.checkoutSession)?["status"]?.stringValue == "open")
                let back = try Self.testPage(bed, page, outcome: "authorize")
                #expect(back.hasPrefix(mode.isHosted ? "https://shop.example.com/success" : "https://shop.example.com/return?session_id=cs_"))
                let pi = try #require(bed.sim.object(id: created.checkoutSession)?["payment_intent"]?.stringValue)
                let events = try await bed.deliverEvents(account: account, objects: [created.checkoutSession, pi])
                #expect(events.contains { $0.type == "stripe.checkout.session.completed" })
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
                #expect(try await bed.order(account, order, "state") == "paid")
                #expect(bed.collectedFee(paymentIntent: pi) == 250)
            }
        }

        @Test("Payment Element with iDEAL: a failed test payment fails the order, the next one pays it; return_url carries Stripe's query")
        func paymentElementFailThenAuthorize() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let created = try unwrap(
                    try await bed.send(
                        CreatePaymentIntent(
                            account: account, orderReference: order, amount: 3100, currency: "eur", applicationFeeAmount: 300,
                            paymentMethodTypes: ["ideal", "bancontact"])))
                // Stripe.js's confirmPayment with the buyer's choice.
                let confirm = {
                    bed.stripe(
                        "POST", "/v1/payment_intents/\(created.paymentIntent)/confirm",
                        [("payment_method_data[type]", $0), ("return_url", "https://shop.example.com/paid")], account: account)
                }
                let first = confirm("ideal")
                #expect(first.json["status"] as? String == "requires_action")
                let next = try #require((first.json["next_action"] as? [String: Any])?["redirect_to_url"] as? [String: Any])
                let failedBack = try Self.testPage(bed, try #require(next["url"] as? String), outcome: "fail")
                let query = try #require(URLComponents(string: failedBack)?.queryItems)
                #expect(query.first { $0.name == "payment_intent" }?.value == created.paymentIntent)
                #expect(query.first { $0.name == "payment_intent_client_secret" }?.value == created.clientSecret)
                #expect(query.first { $0.name == "redirect_status" }?.value == "failed")
                let failures = try await bed.deliverEvents(account: account, objects: [created.paymentIntent])
                #expect(failures.contains { $0.type == "stripe.payment_intent.payment_failed" })
                #expect(try await bed.order(account, order, "state") == "payment_failed")

                let second = confirm("bancontact")
                let url = try #require(((second.json["next_action"] as? [String: Any])?["redirect_to_url"] as? [String: Any])?["url"] as? String)
                let paidBack = try Self.testPage(bed, url, outcome: "authorize")
                #expect(paidBack.hasPrefix("https://shop.example.com/paid?payment_intent=\(created.paymentIntent)&"))
                #expect(paidBack.hasSuffix("redirect_status=succeeded"))
                try await bed.deliverEvents(account: account, objects: [created.paymentIntent], after: failures)
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
                #expect(try await bed.order(account, order, "state") == "paid")
                #expect(bed.collectedFee(paymentIntent: created.paymentIntent) == 300)
            }
        }

        @Test("a redirect method in a currency it does not take is refused before Stripe")
        func currencyRefused() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let before = bed.requests("POST", "/v1/payment_intents").count + bed.requests("POST", "/v1/checkout/sessions").count
                let intent = failure(
                    try await bed.send(
                        CreatePaymentIntent(
                            account: account, orderReference: PaymentsTestBed.orderReference(), amount: 3100, currency: "usd",
                            paymentMethodTypes: ["card", "ideal"])))
                #expect(intent?.code == ReplyError.Code.paymentMethodCurrency)
                #expect(intent?.field == "payment_method_types[1]")
                let session = failure(
                    try await bed.send(
                        CreateCheckoutSession(
                            account: account, orderReference: PaymentsTestBed.orderReference(),
                            lineItems: [
                                CheckoutLineItem(priceData: PriceData(productName: "Pierogi", unitAmount: 4000, currency: "gbp"), quantity: 1)
                            ],
                            successUrl: "https://shop.example.com/success", paymentMethodTypes: ["p24"])))
                #expect(session?.code == ReplyError.Code.paymentMethodCurrency)
                #expect(bed.requests("POST", "/v1/payment_intents").count + bed.requests("POST", "/v1/checkout/sessions").count == before)
            }
        }
    }
}
