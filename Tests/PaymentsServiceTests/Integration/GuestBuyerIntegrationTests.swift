import Foundation
import Messages
import PaymentsService
import StripeSimCore
import Testing
import TestKit

extension PaymentsIntegrationTests {
    @Suite("Guests who come back: register_buyer and the Customer's default payment method")
    struct GuestBuyers {
        /// A guest PaymentSheet order (no customer reference), paid in the app with `card` when given.
        private func guestOrder(
            _ bed: PaymentsTestBed, _ account: String, saving: SetupFutureUsage?, card: String?
        ) async throws -> (order: String, paymentIntent: String) {
            let order = PaymentsTestBed.orderReference()
            let sheet = try unwrap(
                try await bed.send(
                    CreatePaymentSheet(
                        account: account, orderReference: order, customerEmail: "guest@example.com", amount: 2000, currency: "usd",
                        applicationFeeAmount: 200, setupFutureUsage: saving)))
            #expect(sheet.customer == nil)
            if let card {
                let paid = bed.stripe("POST", "/v1/payment_intents/\(sheet.paymentIntent)/confirm", [("payment_method", card)], account: account)
                #expect(paid.json["status"] as? String == "succeeded")
                try await bed.deliverEvents(account: account, objects: [sheet.paymentIntent])
            }
            return (order, sheet.paymentIntent)
        }

        private func charge(_ account: String, _ reference: String, method: String? = nil) -> ChargeSavedPaymentMethod {
            let order = PaymentsTestBed.orderReference()
            return ChargeSavedPaymentMethod(
                account: account, orderReference: order, customerReference: reference, paymentMethod: method, amount: 1200,
                currency: "usd", applicationFeeAmount: 120, authenticationUrl: "https://shop.example/orders/\(order)/pay")
        }

        @Test(
            "a guest signs up: the method saved with consent is attached and made the default, one paid without consent is not; again: already_attached"
        )
        func registerGuest() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let saved = try await guestOrder(bed, account, saving: .offSession, card: "pm_card_visa")
                let created = try #require(bed.requests("POST", "/v1/payment_intents").first)
                #expect(created.params["setup_future_usage"]?.stringValue == "off_session")
                #expect(created.params["customer"] == nil)
                let keptMethod = try #require(bed.sim.object(id: saved.paymentIntent)?["payment_method"]?.stringValue)
                #expect(bed.sim.object(id: keptMethod)?["customer"] == .null)
                let unsaved = try await guestOrder(bed, account, saving: nil, card: "pm_card_mastercard")
                let unsavedMethod = try #require(bed.sim.object(id: unsaved.paymentIntent)?["payment_method"]?.stringValue)
                let unpaid = try await guestOrder(bed, account, saving: .offSession, card: nil)

                let register = RegisterBuyer(
                    account: account, customerReference: "signed-up-1", customerEmail: "ada@example.com",
                    guestOrderReferences: [saved.order, unsaved.order, unpaid.order])
                let flush = RegisterBuyer(account: account, customerReference: "signed-up-flush", guestOrderReferences: [unpaid.order])
                // The flush's reply: both copies of the registration were handled before it.
                _ = try unwrap(try await bed.sendTwice(register, account: account, flush: flush))
                let attaches = bed.requests("POST", "/v1/payment_methods/\(keptMethod)/attach")
                #expect(attaches.count == 1)  // the redelivered copy found it recorded
                let customer = try #require(attaches.first?.params["customer"]?.stringValue)
                #expect(attaches.first?.account == account)
                #expect(bed.sim.object(id: keptMethod)?["customer"]?.stringValue == customer)
                #expect(bed.sim.object(id: unsavedMethod)?["customer"] == .null)
                #expect(bed.sim.object(id: customer)?["invoice_settings"]?["default_payment_method"]?.stringValue == keptMethod)
                #expect(bed.sim.object(id: customer)?["metadata"]?["customer_reference"]?.stringValue == "signed-up-1")
                #expect(try await bed.savedMethod(account, keptMethod, "customer") == customer)
                #expect(try await bed.savedMethod(account, keptMethod, "customer_reference") == "signed-up-1")
                #expect(try await bed.savedMethod(account, keptMethod, "usage") == "off_session")
                #expect(try await bed.savedMethod(account, unsavedMethod, "customer") == nil)
                #expect(bed.requests("POST", "/v1/customers").filter { $0.path == "/v1/customers" }.count == 2)  // signed-up-1 and the flush's

                // Registering again (a new message): nothing attached or created again, the entries say why.
                let again = try unwrap(try await bed.send(register))
                #expect(again.customer == customer)
                #expect(!again.customerCreated)
                #expect(again.paymentMethods.map(\.outcome) == [.alreadyAttached, .noConsent, .notPaid])
                #expect(again.paymentMethods.map(\.orderReference) == [saved.order, unsaved.order, unpaid.order])
                #expect(again.paymentMethods[0].paymentMethod == keptMethod)
                #expect(again.paymentMethods[0].type == "card")
                #expect(again.paymentMethods[1].paymentMethod == unsavedMethod)
                #expect(again.defaultPaymentMethod == nil)
                #expect(bed.requests("POST", "/v1/payment_methods/\(keptMethod)/attach").count == 1)
                #expect(bed.requests("POST", "/v1/payment_methods/\(unsavedMethod)/attach").isEmpty)

                // The returning buyer's saved methods: the kept card, marked default; charged without naming it.
                let listed = try unwrap(try await bed.send(ListPaymentMethods(account: account, customerReference: "signed-up-1")))
                #expect(listed.paymentMethods.map(\.paymentMethod) == [keptMethod])
                #expect(listed.defaultPaymentMethod == keptMethod)
                #expect(listed.paymentMethods.first?.isDefault == true)
                let charged = try unwrap(try await bed.send(charge(account, "signed-up-1")))
                #expect(charged.paymentMethod == keptMethod)
                #expect(charged.status == .succeeded)  // set up off-session when the guest paid
            }
        }

        @Test(
            "an unknown order, another buyer's order or a method another sign-up took are refused before anything is created; the first registration answers attached with the default"
        )
        func refusals() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let guest = try await guestOrder(bed, account, saving: .onSession, card: "pm_card_visa")
                let unknown = try await bed.send(
                    RegisterBuyer(account: account, customerReference: "signed-up-2", guestOrderReferences: [guest.order, "no-such-order"]))
                #expect(failure(unknown)?.code == ReplyError.Code.orderNotFound)
                let theirs = PaymentsTestBed.orderReference()
                _ = try unwrap(
                    try await bed.send(
                        CreatePaymentSheet(
                            account: account, orderReference: theirs, customerReference: "someone-else", amount: 1500, currency: "usd")))
                let mismatch = try await bed.send(
                    RegisterBuyer(account: account, customerReference: "signed-up-2", guestOrderReferences: [guest.order, theirs]))
                #expect(failure(mismatch)?.code == ReplyError.Code.customerMismatch)
                #expect(failure(mismatch)?.field == "guest_order_references")
                #expect(bed.requests("POST", "/v1/payment_methods").isEmpty)
                let signedUp = bed.requests("POST", "/v1/customers").filter {
                    $0.params["metadata"]?["customer_reference"]?.stringValue == "signed-up-2"
                }
                #expect(signedUp.isEmpty)

                let registered = try unwrap(
                    try await bed.send(RegisterBuyer(account: account, customerReference: "signed-up-2", guestOrderReferences: [guest.order])))
                #expect(registered.customerCreated)
                #expect(registered.paymentMethods.map(\.outcome) == [.attached])
                let method = try #require(registered.paymentMethods.first?.paymentMethod)
                #expect(registered.defaultPaymentMethod == method)
                #expect(try await bed.savedMethod(account, method, "usage") == "on_session")
                // Another sign-up naming the same guest order: its method is this buyer's now.
                let claimed = try await bed.send(
                    RegisterBuyer(account: account, customerReference: "signed-up-3", guestOrderReferences: [guest.order]))
                #expect(failure(claimed)?.code == ReplyError.Code.customerMismatch)
                #expect(bed.requests("POST", "/v1/payment_methods/\(method)/attach").count == 1)
            }
        }

        @Test("a guest pays by SEPA Debit on the PaymentSheet page, agreeing to save; once signed up, the IBAN is their saved default")
        func sepaGuest() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let sheet = try unwrap(
                    try await bed.send(
                        CreatePaymentSheet(
                            account: account, orderReference: order, amount: 4500, currency: "eur", applicationFeeAmount: 450,
                            setupFutureUsage: .offSession)))
                let secret = sheet.paymentIntentClientSecret
                let page = bed.stripe(
                    "POST", "/sim/app/payment_sheet",
                    [("client_secret", secret), ("method", "sepa_debit"), ("iban", "AT61 1904 3002 3457 3201")])
                #expect(page.status == 303)
                #expect(bed.sim.object(id: sheet.paymentIntent)?["status"]?.stringValue == "processing")
                let registered = try unwrap(
                    try await bed.send(RegisterBuyer(account: account, customerReference: "signed-up-sepa", guestOrderReferences: [order])))
                #expect(registered.paymentMethods.map(\.outcome) == [.attached])
                #expect(registered.paymentMethods.first?.type == "sepa_debit")
                let method = try #require(registered.paymentMethods.first?.paymentMethod)
                #expect(registered.defaultPaymentMethod == method)
                let listed = try unwrap(try await bed.send(ListPaymentMethods(account: account, customerReference: "signed-up-sepa")))
                #expect(listed.paymentMethods.map(\.type) == ["sepa_debit"])
                #expect(listed.paymentMethods.first?.last4 == nil)  // no card details for a bank debit
                #expect(listed.paymentMethods.first?.isDefault == true)
            }
        }

        @Test("set_default_payment_method: only the buyer's own method; the list marks it and an unnamed charge uses it; detaching it clears it")
        func defaultPaymentMethod() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let older = try await bed.saveCard("4242424242424242", account: account, reference: "returning-d", email: "d@example.com")
                let newer = try await bed.saveCard("5555555555554444", account: account, reference: "returning-d")
                let other = try await bed.saveCard("4242424242424242", account: account, reference: "someone-d")
                let none = try unwrap(try await bed.send(ListPaymentMethods(account: account, customerReference: "returning-d")))
                #expect(none.defaultPaymentMethod == nil)
                #expect(none.paymentMethods.allSatisfy { $0.isDefault == false })

                let refused = try await bed.send(
                    SetDefaultPaymentMethod(account: account, customerReference: "returning-d", paymentMethod: other.method))
                #expect(failure(refused)?.code == ReplyError.Code.paymentMethodNotSaved)
                let unknownBuyer = try await bed.send(
                    SetDefaultPaymentMethod(account: account, customerReference: "nobody-d", paymentMethod: older.method))
                #expect(failure(unknownBuyer)?.code == ReplyError.Code.customerNotFound)
                #expect(bed.requests("POST", "/v1/customers/").isEmpty)

                let command = SetDefaultPaymentMethod(account: account, customerReference: "returning-d", paymentMethod: older.method)
                let flush = SetDefaultPaymentMethod(account: account, customerReference: "nobody-d", paymentMethod: older.method)
                _ = try await bed.sendTwice(command, account: account, flush: flush)
                let updates = bed.requests("POST", "/v1/customers/\(older.customer)")
                #expect(!updates.isEmpty)
                #expect(Set(updates.compactMap(\.idempotencyKey)).count == 1)  // a redelivery replays with the same key
                #expect(updates.first?.params["invoice_settings"]?["default_payment_method"]?.stringValue == older.method)
                let set = try unwrap(try await bed.send(command))
                #expect(set.defaultPaymentMethod == older.method)
                #expect(set.customer == older.customer)

                let listed = try unwrap(try await bed.send(ListPaymentMethods(account: account, customerReference: "returning-d")))
                #expect(listed.defaultPaymentMethod == older.method)
                let marked = Dictionary(uniqueKeysWithValues: listed.paymentMethods.map { ($0.paymentMethod, $0.isDefault) })
                #expect(marked == [newer.method: false, older.method: true])
                // Not named: the default is charged, not the newest.
                let charged = try unwrap(try await bed.send(charge(account, "returning-d")))
                #expect(charged.paymentMethod == older.method)

                _ = try unwrap(
                    try await bed.send(DetachPaymentMethod(account: account, customerReference: "returning-d", paymentMethod: older.method)))
                let after = try unwrap(try await bed.send(ListPaymentMethods(account: account, customerReference: "returning-d")))
                #expect(after.defaultPaymentMethod == nil)
                #expect(after.paymentMethods.map(\.paymentMethod) == [newer.method])
                let fallback = try unwrap(try await bed.send(charge(account, "returning-d")))
                #expect(fallback.paymentMethod == newer.method)
                let detachedDefault = try await bed.send(
                    SetDefaultPaymentMethod(account: account, customerReference: "returning-d", paymentMethod: older.method))
                #expect(failure(detachedDefault)?.code == ReplyError.Code.paymentMethodNotSaved)
            }
        }
    }
}
