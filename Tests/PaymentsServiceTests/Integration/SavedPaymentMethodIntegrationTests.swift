import Foundation
import Messages
import PaymentsService
import StripeSimCore
import Testing
import TestKit

extension PaymentsIntegrationTests {
    @Suite("Saved payment methods and off-session charges")
    struct SavedPaymentMethods {
        private func charge(
            _ account: String, _ order: String, _ reference: String, method: String? = nil,
            amount: Int = 2500
        ) -> ChargeSavedPaymentMethod {
            ChargeSavedPaymentMethod(
                account: account, orderReference: order, customerReference: reference, paymentMethod: method,
                amount: amount, currency: "usd", applicationFeeAmount: 250,
                authenticationUrl: "https://shop.example/orders/\(order)/pay", customerEmail: "buyer@example.com")
        }

        @Test("save during payment, then an off-session charge that succeeds: paid once, fee collected, redelivery absorbed")
        func saveThenChargeOffSession() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let first = PaymentsTestBed.orderReference()
                let sheet = try unwrap(
                    try await bed.send(
                        CreatePaymentSheet(
                            account: account, orderReference: first, customerReference: "returning-1", customerEmail: "buyer@example.com",
                            amount: 3000, currency: "usd", applicationFeeAmount: 300, setupFutureUsage: .offSession)))
                let customer = try #require(sheet.customer)
                let created = try #require(bed.requests("POST", "/v1/payment_intents").first)
                #expect(created.params["setup_future_usage"]?.stringValue == "off_session")
                #expect(created.params["metadata"]?["customer_reference"]?.stringValue == "returning-1")
                // The buyer pays in the app and ticks "save".
                let paid = bed.stripe(
                    "POST", "/v1/payment_intents/\(sheet.paymentIntent)/confirm", [("payment_method", "pm_card_visa")],
                    account: account)
                #expect(paid.json["status"] as? String == "succeeded")
                let method = try #require(bed.sim.object(id: sheet.paymentIntent)?["payment_method"]?.stringValue)
                #expect(bed.sim.object(id: method)?["customer"]?.stringValue == customer)
                try await bed.deliverEvents(account: account, objects: [sheet.paymentIntent])
                try await bed.deliverEvents(account: account, objects: [sheet.paymentIntent])  // Stripe delivers twice
                #expect(try await bed.savedMethod(account, method, "customer") == customer)
                #expect(try await bed.savedMethod(account, method, "customer_reference") == "returning-1")
                #expect(try await bed.savedMethod(account, method, "usage") == "off_session")
                #expect(try await bed.published(OrderPaid.messageName, order: first).count == 1)

                let listed = try unwrap(try await bed.send(ListPaymentMethods(account: account, customerReference: "returning-1")))
                #expect(listed.customer == customer)
                #expect(listed.paymentMethods.map(\.paymentMethod) == [method])
                #expect(listed.paymentMethods.first?.last4 == "4242")
                #expect(listed.paymentMethods.first?.brand == "visa")

                // Weeks later: the buyer is not there; the newest saved method is charged.
                let renewal = PaymentsTestBed.orderReference()
                let flushOrder = PaymentsTestBed.orderReference()
                let flushed = try await bed.sendTwice(
                    charge(account, renewal, "returning-1"), account: account,
                    flush: charge(account, flushOrder, "nobody-\(flushOrder)"))
                #expect(failure(flushed)?.code == ReplyError.Code.noSavedPaymentMethod)
                let charges = bed.requests("POST", "/v1/payment_intents").filter {
                    $0.params["metadata"]?["order_reference"]?.stringValue == renewal
                }
                #expect(charges.count == 1)
                let offSession = try #require(charges.first)
                #expect(offSession.params["off_session"]?.stringValue == "true")
                #expect(offSession.params["confirm"]?.stringValue == "true")
                #expect(offSession.params["payment_method"]?.stringValue == method)
                #expect(offSession.params["customer"]?.stringValue == customer)
                #expect(offSession.params["application_fee_amount"]?.stringValue == "250")
                #expect(try await bed.order(account, renewal, "state") == "paid")
                #expect(try await bed.order(account, renewal, "channel") == "off_session")
                let pi = try #require(try await bed.order(account, renewal, "payment_intent"))
                #expect(bed.collectedFee(paymentIntent: pi) == 250)
                try await bed.deliverEvents(account: account, objects: [pi])
                #expect(try await bed.published(OrderPaid.messageName, order: renewal).count == 1)
                #expect(try await bed.published(OrderRequiresAction.messageName, order: renewal).isEmpty)
            }
        }

        @Test("an off-session charge the bank wants authenticated: requires_action once, secret only in the reply, then paid on-session")
        func authenticationRequired() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let saved = try await bed.saveCard("4000002760003184", account: account, reference: "returning-2", email: "buyer@example.com")
                #expect(try await bed.savedMethod(account, saved.method, "customer_reference") == "returning-2")
                let order = PaymentsTestBed.orderReference()
                let command = charge(account, order, "returning-2", method: saved.method)
                let flushOrder = PaymentsTestBed.orderReference()
                _ = try await bed.sendTwice(command, account: account, flush: charge(account, flushOrder, "nobody-\(flushOrder)"))
                #expect(
                    bed.requests("POST", "/v1/payment_intents").filter {
                        $0.params["metadata"]?["order_reference"]?.stringValue == order
                    }.count == 1)
                #expect(try await bed.order(account, order, "state") == "requires_action")
                // A later delivery of the same command (a new message) answers the same PaymentIntent, charging nothing more.
                let reply = try unwrap(try await bed.send(command))
                #expect(reply.status == .requiresPaymentMethod || reply.status == .requiresAction)
                let pi = try #require(try await bed.order(account, order, "payment_intent"))
                #expect(reply.paymentIntent == pi)

                try await bed.deliverEvents(account: account, objects: [pi])  // payment_intent.payment_failed (authentication_required)
                let asked = try await bed.published(OrderRequiresAction.messageName, order: order)
                #expect(asked.count == 1)
                let body = String(decoding: asked.first?.body ?? [], as: UTF8.self)
                #expect(body.contains("https://shop.example/orders/\(order)/pay"))
                #expect(body.contains("authentication_required"))
                #expect(!body.contains("_secret_"))
                #expect(try await bed.published(OrderPaymentFailed.messageName, order: order).isEmpty)
                #expect(try await bed.order(account, order, "state") == "requires_action")

                // The buyer comes back to the platform's page and authenticates on-session.
                let secret = try #require(bed.sim.object(id: pi)?["client_secret"]?.stringValue)
                #expect(!secret.isEmpty)
                let again = bed.stripe("POST", "/v1/payment_intents/\(pi)/confirm", [("payment_method", saved.method)], account: account)
                #expect(again.json["status"] as? String == "requires_action")
                _ = bed.stripe("POST", "/sim/payment_intents/\(pi)/authenticate", [("outcome", "succeed")])
                try await bed.waitForSim(pi, "status", "succeeded")
                try await bed.deliverEvents(account: account, objects: [pi])
                #expect(try await bed.order(account, order, "state") == "paid")
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
                #expect(try await bed.published(OrderRequiresAction.messageName, order: order).count == 1)
            }
        }

        @Test("the first reply of an authentication request carries the client secret and the failure code")
        func authenticationReply() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                // 4000002500003155 saved on-session (usage on_session) is not set up for off-session use.
                let sheet = try unwrap(try await bed.send(CreateSetupSheet(account: account, customerReference: "returning-3", usage: .onSession)))
                _ = bed.stripe("POST", "/v1/setup_intents/\(sheet.setupIntent)/confirm", [("payment_method", "4000002500003155")], account: account)
                _ = bed.stripe("POST", "/sim/setup_intents/\(sheet.setupIntent)/authenticate", [("outcome", "succeed")])
                try await bed.deliverEvents(account: account, objects: [sheet.setupIntent])
                let method = try #require(bed.sim.object(id: sheet.setupIntent)?["payment_method"]?.stringValue)
                let order = PaymentsTestBed.orderReference()
                let reply = try unwrap(try await bed.send(charge(account, order, "returning-3", method: method)))
                #expect(reply.status == .requiresAction)
                #expect(reply.failureCode == "authentication_required")
                let pi = reply.paymentIntent
                #expect(reply.clientSecret == bed.sim.object(id: pi)?["client_secret"]?.stringValue)
                #expect(reply.clientSecret?.hasPrefix(pi + "_secret_") == true)
                #expect(try await bed.published(OrderRequiresAction.messageName, order: order).count == 1)

                // Set up off-session (the default usage), the same test card needs no authentication later.
                let offSession = try await bed.saveCard("4000002500003155", account: account, reference: "returning-3")
                let renewal = PaymentsTestBed.orderReference()
                let paid = try unwrap(try await bed.send(charge(account, renewal, "returning-3", method: offSession.method)))
                #expect(paid.status == .succeeded)
                #expect(paid.clientSecret == nil)
            }
        }

        @Test("refused before Stripe is called: no saved method, another customer's method; another account's after a read")
        func refusals() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let other = try await bed.connectedAccount()
                let alice = try await bed.saveCard("4242424242424242", account: account, reference: "alice")
                _ = try await bed.saveCard("4242424242424242", account: account, reference: "bob")
                let elsewhere = try await bed.saveCard("4242424242424242", account: other, reference: "alice")
                let charged = bed.requests("POST", "/v1/payment_intents").count
                let reads = bed.requests("GET", "/v1/payment_methods").count

                let none = try await bed.send(charge(account, PaymentsTestBed.orderReference(), "carol"))
                #expect(failure(none)?.code == ReplyError.Code.noSavedPaymentMethod)
                let bobs = try await bed.send(charge(account, PaymentsTestBed.orderReference(), "bob", method: alice.method))
                #expect(failure(bobs)?.code == ReplyError.Code.paymentMethodNotSaved)
                #expect(bed.requests("GET", "/v1/payment_methods").count == reads)
                let foreign = try await bed.send(charge(account, PaymentsTestBed.orderReference(), "alice", method: elsewhere.method))
                #expect(failure(foreign)?.code == ReplyError.Code.paymentMethodNotSaved)
                #expect(bed.requests("POST", "/v1/payment_intents").count == charged)

                // Detach: not another buyer's; the buyer's own, twice (idempotent), then nothing to charge.
                let wrong = try await bed.send(DetachPaymentMethod(account: account, customerReference: "bob", paymentMethod: alice.method))
                #expect(failure(wrong)?.code == ReplyError.Code.paymentMethodNotSaved)
                #expect(
                    try unwrap(try await bed.send(DetachPaymentMethod(account: account, customerReference: "alice", paymentMethod: alice.method)))
                        .detached)
                #expect(
                    try unwrap(try await bed.send(DetachPaymentMethod(account: account, customerReference: "alice", paymentMethod: alice.method)))
                        .detached)
                #expect(bed.requests("POST", "/v1/payment_methods/\(alice.method)/detach").count == 1)
                #expect(try unwrap(try await bed.send(ListPaymentMethods(account: account, customerReference: "alice"))).paymentMethods.isEmpty)
                let detached = try await bed.send(charge(account, PaymentsTestBed.orderReference(), "alice"))
                #expect(failure(detached)?.code == ReplyError.Code.noSavedPaymentMethod)
                let unknown = try await bed.send(ListPaymentMethods(account: account, customerReference: "nobody"))
                #expect(try unwrap(unknown).paymentMethods.isEmpty)
                #expect(try unwrap(unknown).customer == nil)
            }
        }

        @Test("the setup sheet: Customer, CustomerSession, SetupIntent off_session on the account; nothing charged")
        func setupSheet() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let sheet = try unwrap(
                    try await bed.send(
                        CreateSetupSheet(
                            account: account, customerReference: "saver-1",
                            customerEmail: "saver@example.com")))
                #expect(sheet.setupIntent.hasPrefix("seti_"))
                #expect(sheet.setupIntentClientSecret.hasPrefix(sheet.setupIntent + "_secret_"))
                #expect(sheet.customerSessionClientSecret?.isEmpty == false)
                #expect(sheet.publishableKey == PaymentsTestBed.publishableKey)
                let created = try #require(bed.requests("POST", "/v1/setup_intents").first)
                #expect(created.account == account)
                #expect(created.params["customer"]?.stringValue == sheet.customer)
                #expect(created.params["usage"]?.stringValue == "off_session")
                #expect(created.params["automatic_payment_methods"]?["enabled"]?.stringValue == "true")
                #expect(bed.requests("POST", "/v1/customer_sessions").count == 1)
                #expect(bed.requests("POST", "/v1/payment_intents").isEmpty)
                let ephemeral = try unwrap(
                    try await bed.send(
                        CreateSetupSheet(
                            account: account, customerReference: "saver-1",
                            customerKey: .ephemeralKey, apiVersion: "2020-08-27")))
                #expect(ephemeral.customer == sheet.customer)
                #expect(ephemeral.ephemeralKey?.isEmpty == false)
                #expect(bed.requests("POST", "/v1/customers").count == 1)
            }
        }

        @Test("CVC recollection: the saved card's PaymentIntent asks for the CVC, a confirmation without it fails")
        func cvcRecollection() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let saved = try await bed.saveCard("4242424242424242", account: account, reference: "cvc-1")
                let order = PaymentsTestBed.orderReference()
                let intent = try unwrap(
                    try await bed.send(
                        CreatePaymentIntent(
                            account: account, orderReference: order, amount: 1800, currency: "usd", customer: saved.customer,
                            requireCvcRecollection: true)))
                let sent = try #require(bed.requests("POST", "/v1/payment_intents").last)
                #expect(sent.params["payment_method_options"]?["card"]?["require_cvc_recollection"]?.stringValue == "true")
                let withoutCVC = bed.stripe(
                    "POST", "/v1/payment_intents/\(intent.paymentIntent)/confirm",
                    [("payment_method", saved.method)], account: account)
                #expect(withoutCVC.status == 400)
                let token = try #require(bed.stripe("POST", "/v1/tokens", [("cvc_update[cvc]", "123")]).id)
                let withCVC = bed.stripe(
                    "POST", "/v1/payment_intents/\(intent.paymentIntent)/confirm",
                    [("payment_method", saved.method), ("payment_method_options[card][cvc_token]", token)],
                    account: account)
                #expect(withCVC.json["status"] as? String == "succeeded")
                try await bed.deliverEvents(account: account, objects: [intent.paymentIntent])
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)

                let sepa = try await bed.send(
                    CreatePaymentIntent(
                        account: account, orderReference: PaymentsTestBed.orderReference(),
                        amount: 1800, currency: "eur", paymentMethodTypes: ["sepa_debit"],
                        customer: saved.customer, requireCvcRecollection: true))
                #expect(failure(sepa)?.code == ReplyError.Code.cvcRecollectionNotCard)
            }
        }

        @Test("a guest sheet has no Customer; a reused PaymentIntent must carry the same Customer")
        func guestSheetAndReuse() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let guestOrder = PaymentsTestBed.orderReference()
                let guest = try unwrap(
                    try await bed.send(
                        CreatePaymentSheet(
                            account: account, orderReference: guestOrder,
                            amount: 1200, currency: "usd")))
                #expect(guest.customer == nil)
                #expect(guest.customerSessionClientSecret == nil)
                #expect(guest.ephemeralKey == nil)
                #expect(bed.requests("POST", "/v1/customers").isEmpty)
                #expect(bed.requests("POST", "/v1/customer_sessions").isEmpty)
                #expect(bed.sim.object(id: guest.paymentIntent)?["customer"] == .null)
                let again = try unwrap(
                    try await bed.send(
                        CreatePaymentSheet(
                            account: account, orderReference: guestOrder,
                            amount: 1200, currency: "usd")))
                #expect(again.paymentIntent == guest.paymentIntent)
                let claimed = try await bed.send(
                    CreatePaymentSheet(
                        account: account, orderReference: guestOrder,
                        customerReference: "dave", amount: 1200, currency: "usd"))
                #expect(failure(claimed)?.code == ReplyError.Code.customerMismatch)

                let order = PaymentsTestBed.orderReference()
                let dave = try unwrap(
                    try await bed.send(
                        CreatePaymentSheet(
                            account: account, orderReference: order,
                            customerReference: "dave", amount: 1200, currency: "usd")))
                let reused = try unwrap(
                    try await bed.send(
                        CreatePaymentSheet(
                            account: account, orderReference: order,
                            customerReference: "dave", amount: 1200, currency: "usd")))
                #expect(reused.paymentIntent == dave.paymentIntent)
                let erin = try await bed.send(
                    CreatePaymentSheet(
                        account: account, orderReference: order, customerReference: "erin",
                        amount: 1200, currency: "usd"))
                #expect(failure(erin)?.code == ReplyError.Code.customerMismatch)
                let asGuest = try await bed.send(CreatePaymentSheet(account: account, orderReference: order, amount: 1200, currency: "usd"))
                #expect(failure(asGuest)?.code == ReplyError.Code.customerMismatch)
                #expect(bed.sim.object(id: dave.paymentIntent)?["customer"]?.stringValue == dave.customer)
                // Saving on a reused PaymentIntent updates it.
                let saving = try unwrap(
                    try await bed.send(
                        CreatePaymentSheet(
                            account: account, orderReference: order,
                            customerReference: "dave", amount: 1200, currency: "usd",
                            setupFutureUsage: .onSession)))
                #expect(saving.paymentIntent == dave.paymentIntent)
                #expect(bed.sim.object(id: dave.paymentIntent)?["setup_future_usage"]?.stringValue == "on_session")
            }
        }

        @Test("Checkout with setup_future_usage: the session is for the buyer's Customer and the method is saved")
        func checkoutSaves() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let session = try unwrap(
                    try await bed.send(
                        CreateCheckoutSession(
                            account: account, orderReference: order,
                            lineItems: [CheckoutLineItem(priceData: PriceData(productName: "Mug", unitAmount: 1500, currency: "usd"), quantity: 1)],
                            applicationFeeAmount: 150, customerEmail: "frank@example.com", successUrl: "https://shop.example/ok",
                            customerReference: "frank", setupFutureUsage: .offSession)))
                let sent = try #require(bed.requests("POST", "/v1/checkout/sessions").first)
                #expect(sent.params["payment_intent_data"]?["setup_future_usage"]?.stringValue == "off_session")
                let customer = try #require(sent.params["customer"]?.stringValue)
                #expect(sent.params["customer_email"] == nil)
                _ = bed.stripe("POST", "/sim/checkout/\(session.checkoutSession)/pay", [("payment_method", "pm_card_visa")])
                let pi = try #require(bed.sim.object(id: session.checkoutSession)?["payment_intent"]?.stringValue)
                try await bed.deliverEvents(account: account, objects: [session.checkoutSession, pi])
                let method = try #require(bed.sim.object(id: pi)?["payment_method"]?.stringValue)
                #expect(try await bed.savedMethod(account, method, "customer") == customer)
                #expect(try await bed.savedMethod(account, method, "customer_reference") == "frank")
                let renewal = PaymentsTestBed.orderReference()
                #expect(try unwrap(try await bed.send(charge(account, renewal, "frank"))).status == .succeeded)
            }
        }
    }
}
