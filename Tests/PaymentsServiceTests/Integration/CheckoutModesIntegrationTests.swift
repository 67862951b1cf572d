import HTTPServer
import StripeSimCore
import Foundation
import Messages
import PaymentsService
import StripeAPI
import Testing
import TestKit

extension PaymentsIntegrationTests {
    /// Every `ui_mode`, the return-page queries and Stripe's test data, with the service
    /// pinned to the current version and to Basil.
    @Suite("Checkout modes and API versions")
    struct CheckoutModes {
        static let versions: [String?] = [nil, StripeAPIVersion.basil]
        static let returnURL = "https://shop.example.com/return?session_id={CHECKOUT_SESSION_ID}"

        private func command(_ account: String, _ order: String, mode: CheckoutUIMode, types: [String]? = nil) -> CreateCheckoutSession {
            let hosted = mode.isHosted
            return CreateCheckoutSession(
                account: account, orderReference: order,
                lineItems: [CheckoutLineItem(priceData: PriceData(productName: "Poster", unitAmount: 1800, currency: "eur"), quantity: 1)],
                applicationFeeAmount: 150, customerEmail: "reader@example.com", uiMode: mode,
                successUrl: hosted ? "https://shop.example.com/success" : nil, returnUrl: hosted ? nil : Self.returnURL,
                paymentMethodTypes: types)
        }

        /// The `ui_mode` the simulator received for the version the service is pinned to.
        private func wire(_ mode: CheckoutUIMode, version: String?) -> String? {
            guard !mode.isHosted else { return nil }
            let basil = version == StripeAPIVersion.basil
            return mode == .elements ? (basil ? "custom" : "elements") : (basil ? "embedded" : "embedded_page")
        }

        @Test(
            "a session of each ui_mode is created, queried, paid by card, fulfilled once and queried again",
            arguments: [CheckoutUIMode.hostedPage, .embeddedPage, .elements], versions)
        func eachModePaidOnce(mode: CheckoutUIMode, version: String?) async throws {
            try await PaymentsTestBed.run(stripeAPIVersion: version) { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let created = try unwrap(try await bed.send(command(account, order, mode: mode, types: ["card"])))
                #expect((created.url != nil) == mode.isHosted)
                #expect((created.clientSecret != nil) == !mode.isHosted)
                let create = try #require(bed.requests("POST", "/v1/checkout/sessions").first)
                #expect(create.params["ui_mode"]?.stringValue == wire(mode, version: version))
                let listName = version == StripeAPIVersion.basil ? "payment_method_types" : "allowed_payment_method_types"
                #expect(create.params[listName]?.arrayValue?.first?.stringValue == "card")

                let apiWrites = { bed.sim.requestLog.filter { $0.method == "POST" && $0.path.hasPrefix("/v1/") }.count }
                let writesBefore = apiWrites()
                let before = try unwrap(try await bed.send(GetCheckoutSession(account: account, checkoutSession: created.checkoutSession)))
                #expect(apiWrites() == writesBefore)
                #expect(before.status == .open)
                #expect(before.paymentStatus == .unpaid)
                #expect(before.uiMode == mode)
                #expect(before.amountTotal == 1800)
                #expect(before.orderReference == order)
                #expect(before.orderState == "open")

                if mode.isHosted {
                    #expect(bed.stripe("POST", "/sim/checkout/\(created.checkoutSession)/pay", [("payment_method", "pm_card_visa")]).status == 302)
                } else {
                    // The page mounted from the client secret, as the buyer's browser would use it.
                    let secret = try #require(created.clientSecret)
                    let page = bed.sim.handle(.init(method: "GET", path: "/sim/checkout/embedded", query: ["client_secret": secret]))
                    #expect(page.status == 200)
                    let form = "method=card&card_number=4242424242424242&email=reader%40example.com"
                    let paid = bed.sim.handle(
                        .init(
                            method: "POST", path: "/sim/checkout/\(created.checkoutSession)/submit",
                            headers: ["content-type": "application/x-www-form-urlencoded"], body: Array(form.utf8)))
                    #expect(paid.status == 303)
                }
                let pi = try #require(bed.sim.object(id: created.checkoutSession)?["payment_intent"]?.stringValue)
                let events = try await bed.deliverEvents(account: account, objects: [created.checkoutSession, pi])
                #expect(events.contains { $0.type == "stripe.checkout.session.completed" })
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
                let announced = try await bed.published(CheckoutSessionCreated.messageName, order: order)
                #expect(try announced.first?.decode(CheckoutSessionCreated.self).uiMode == mode)
                #expect(try await bed.order(account, order, "ui_mode") == mode.rawValue)

                let writesAfter = apiWrites()
                let after = try unwrap(try await bed.send(GetCheckoutSession(account: account, checkoutSession: created.checkoutSession)))
                #expect(after.status == .complete)
                #expect(after.paymentStatus == .paid)
                #expect(after.customerEmail == "reader@example.com")
                #expect(after.paymentIntent == pi)
                #expect(after.orderState == "paid")
                // The queries wrote nothing at Stripe, and changed nothing in the store.
                #expect(apiWrites() == writesAfter)
                #expect(try await bed.order(account, order, "state") == "paid")
                #expect(bed.collectedFee(paymentIntent: pi) == 150)
            }
        }

        @Test("bad input is refused with its code before Stripe is called", arguments: versions)
        func refusedBeforeStripe(version: String?) async throws {
            try await PaymentsTestBed.run(stripeAPIVersion: version) { bed in
                let account = try await bed.connectedAccount()
                let before = bed.sim.requestLog.count
                var withSuccess = command(account, PaymentsTestBed.orderReference(), mode: .elements)
                withSuccess.successUrl = "https://shop.example.com/success"
                #expect(failure(try await bed.send(withSuccess))?.code == ReplyError.Code.fieldNotForUIMode)
                var noPlaceholder = command(account, PaymentsTestBed.orderReference(), mode: .embeddedPage)
                noPlaceholder.returnUrl = "https://shop.example.com/return"
                #expect(failure(try await bed.send(noPlaceholder))?.code == ReplyError.Code.returnURLPlaceholder)
                var never = command(account, PaymentsTestBed.orderReference(), mode: .elements)
                never.redirectOnCompletion = .never
                let neverRefused = failure(try await bed.send(never))
                #expect(neverRefused?.code == ReplyError.Code.fieldNotForUIMode)
                #expect(neverRefused?.field == "return_url")
                let wrongType = failure(
                    try await bed.send(
                        command(
                            account, PaymentsTestBed.orderReference(), mode: .hostedPage,
                            types: ["card_present"])))
                #expect(wrongType?.code == ReplyError.Code.unknownPaymentMethodType)
                let renamed = try await bed.sendRaw(
                    type: CreateCheckoutSession.messageName,
                    json: """
                        {"account":"\(account)","order_reference":"o-custom","line_items":[{"price":"price_1","quantity":1}],\
                        "ui_mode":"custom","return_url":"\(Self.returnURL)"}
                        """)
                #expect(renamed?.code == ReplyError.Code.invalidValue)
                #expect(renamed?.field == "ui_mode")
                #expect(bed.sim.requestLog.count == before)
            }
        }

        @Test("elements paid by SEPA: AT32…3204 settles three simulated minutes later, AT86…3202 fails", arguments: [true, false])
        func sepaOnElements(succeeds: Bool) async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let created = try unwrap(try await bed.send(command(account, order, mode: .elements, types: ["card", "sepa_debit"])))
                bed.sim.clock.freeze()
                defer { bed.sim.clock.unfreeze() }
                let iban = succeeds ? "AT321904300235473204" : "AT861904300235473202"
                #expect(bed.stripe("POST", "/sim/checkout/\(created.checkoutSession)/pay", [("payment_method", iban)]).status == 302)
                let pi = try #require(bed.sim.object(id: created.checkoutSession)?["payment_intent"]?.stringValue)
                #expect(bed.sim.object(id: pi)?["status"]?.stringValue == "processing")
                let queried = try unwrap(try await bed.send(GetPaymentIntent(account: account, paymentIntent: pi)))
                #expect(queried.status == .processing)
                if succeeds {
                    bed.sim.advanceClock(bySeconds: 60)
                    #expect(bed.sim.object(id: pi)?["status"]?.stringValue == "processing")
                    bed.sim.advanceClock(bySeconds: 120)
                } else {
                    bed.sim.advanceClock(bySeconds: 1)
                }
                try await bed.waitForSim(pi, "status", succeeds ? "succeeded" : "requires_payment_method")
                try await bed.deliverEvents(account: account, objects: [created.checkoutSession, pi])
                #expect(try await bed.published(OrderAwaitingPayment.messageName, order: order).count == 1)
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == (succeeds ? 1 : 0))
                #expect(try await bed.order(account, order, "state") == (succeeds ? "paid" : "payment_failed"))
                let session = try unwrap(try await bed.send(GetCheckoutSession(account: account, checkoutSession: created.checkoutSession)))
                #expect(session.status == .complete)
                #expect(session.paymentStatus == (succeeds ? .paid : .unpaid))
                #expect(session.orderState == (succeeds ? "paid" : "payment_failed"))
            }
        }

        @Test("get_payment_intent: 4000002500003155 needs authentication, then succeeds; UnionPay succeeds", arguments: versions)
        func paymentIntentStatus(version: String?) async throws {
            try await PaymentsTestBed.run(stripeAPIVersion: version) { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let created = try unwrap(
                    try await bed.send(
                        CreatePaymentIntent(
                            account: account, orderReference: order, amount: 2500,
                            currency: "eur", applicationFeeAmount: 100,
                            paymentMethodTypes: ["card"])))
                let open = try unwrap(try await bed.send(GetPaymentIntent(account: account, paymentIntent: created.paymentIntent)))
                #expect(open.status == .requiresPaymentMethod)
                #expect(open.orderReference == order)
                #expect(open.orderState == "open")
                let confirmed = bed.stripe(
                    "POST", "/v1/payment_intents/\(created.paymentIntent)/confirm",
                    [("payment_method", "4000002500003155"), ("return_url", "https://shop.example.com/done")], account: account)
                #expect(confirmed.json["status"] as? String == "requires_action")
                let challenged = try unwrap(try await bed.send(GetPaymentIntent(account: account, paymentIntent: created.paymentIntent)))
                #expect(challenged.status == .requiresAction)
                #expect(challenged.nextAction == "redirect_to_url")
                #expect(challenged.redirectUrl?.contains("/sim/payment_intents/\(created.paymentIntent)/authenticate") == true)
                _ = bed.stripe("POST", "/sim/payment_intents/\(created.paymentIntent)/authenticate", [("outcome", "succeed")])
                try await bed.waitForSim(created.paymentIntent, "status", "succeeded")
                try await bed.deliverEvents(account: account, objects: [created.paymentIntent])
                let done = try unwrap(try await bed.send(GetPaymentIntent(account: account, paymentIntent: created.paymentIntent)))
                #expect(done.status == .succeeded)
                #expect(done.nextAction == nil)
                #expect(done.orderState == "paid")

                let second = PaymentsTestBed.orderReference()
                let unionPay = try unwrap(
                    try await bed.send(
                        CreatePaymentIntent(
                            account: account, orderReference: second, amount: 1200,
                            currency: "eur", paymentMethodTypes: ["card"])))
                let paid = bed.stripe(
                    "POST", "/v1/payment_intents/\(unionPay.paymentIntent)/confirm",
                    [("payment_method", "6205500000000000004")], account: account)
                #expect(paid.json["status"] as? String == "succeeded")
                let unknown = failure(try await bed.send(GetPaymentIntent(account: account, paymentIntent: "pi_doesnotexist")))
                #expect(unknown?.code.hasPrefix("stripe.") == true || unknown?.code.hasPrefix("not_found") == true)
            }
        }
    }
}
