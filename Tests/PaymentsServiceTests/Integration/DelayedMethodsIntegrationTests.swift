import Foundation
import Messages
import PaymentsService
import StripeSimCore
import Testing
import TestKit

extension PaymentsIntegrationTests {
    @Suite("ACH Direct Debit, Link and shipping")
    struct DelayedMethods {
        static let shipping = Shipping(
            name: "Jenny Rosen",
            address: ShippingAddress(
                line1: "510 Townsend St", city: "San Francisco", state: "CA",
                postalCode: "94103", country: "US"),
            phone: "+14155550100", carrier: "USPS", trackingNumber: "9400100000000000000000")

        /// A us_bank_account PaymentMethod from Stripe's test routing and account numbers.
        private func bankAccount(_ bed: PaymentsTestBed, _ account: String, number: String) throws -> String {
            let method = bed.stripe(
                "POST", "/v1/payment_methods",
                [
                    ("type", "us_bank_account"),
                    ("us_bank_account[routing_number]", "110000000"), ("us_bank_account[account_number]", number),
                    ("billing_details[name]", "Jenny Rosen"),
                ], account: account)
            return try #require(method.json["id"] as? String)
        }

        @Test(
            "ACH Direct Debit that succeeds: processing until the bank settles (the simulator's clock), awaiting payment once, then paid once with shipping",
            arguments: [false, true])
        func achSucceeds(automatic: Bool) async throws {
            try await PaymentsTestBed.run { bed in
                bed.sim.clock.freeze()
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let command = CreatePaymentIntent(
                    account: account, orderReference: order, amount: 5000, currency: "usd",
                    applicationFeeAmount: 500, paymentMethodTypes: automatic ? nil : ["us_bank_account"],
                    receiptEmail: "jenny@example.com", shipping: Self.shipping)
                let created = try unwrap(try await bed.send(command))
                let create = try #require(bed.requests("POST", "/v1/payment_intents").first)
                #expect(create.params["shipping"]?["address"]?["line1"]?.stringValue == "510 Townsend St")
                #expect(create.params["shipping"]?["tracking_number"]?.stringValue == "9400100000000000000000")
                let types = bed.sim.object(id: created.paymentIntent)?["payment_method_types"]?.arrayValue?.compactMap(\.stringValue) ?? []
                #expect(types.contains("us_bank_account"))
                let method = try bankAccount(bed, account, number: "000123456789")
                let confirmed = bed.stripe(
                    "POST", "/v1/payment_intents/\(created.paymentIntent)/confirm",
                    [("payment_method", method)], account: account)
                #expect(confirmed.json["status"] as? String == "processing")
                try await bed.deliverEvents(account: account, objects: [created.paymentIntent])
                let awaiting = try await bed.published(OrderAwaitingPayment.messageName, order: order)
                #expect(awaiting.count == 1)
                let event = try #require(awaiting.first).decode(OrderAwaitingPayment.self)
                #expect(event.paymentMethodType == (automatic ? nil : "us_bank_account"))
                #expect(event.customerEmail == "jenny@example.com")
                #expect(try await bed.order(account, order, "state") == "awaiting_payment")
                // The clock stands still: the bank has not answered, however long the test runs.
                #expect(bed.sim.object(id: created.paymentIntent)?["status"]?.stringValue == "processing")

                bed.sim.advanceClock(bySeconds: 1)
                try await bed.waitForSim(created.paymentIntent, "status", "succeeded")
                let events = try await bed.deliverEvents(account: account, objects: [created.paymentIntent])
                #expect(events.map(\.type) == ["stripe.payment_intent.processing", "stripe.payment_intent.succeeded"])
                // Every event again (a redelivered webhook fan-out): nothing more is published.
                try await bed.publish(events)
                try await bed.settle(events)
                #expect(try await bed.published(OrderAwaitingPayment.messageName, order: order).count == 1)
                let paid = try await bed.published(OrderPaid.messageName, order: order)
                #expect(paid.count == 1)
                #expect(try paid.first?.decode(OrderPaid.self).shipping == Self.shipping)
                #expect(try await bed.order(account, order, "state") == "paid")
                #expect(try await bed.order(account, order, "shipping->>'carrier'") == "USPS")
                #expect(bed.collectedFee(paymentIntent: created.paymentIntent) == 500)
            }
        }

        @Test(
            "ACH Direct Debit that fails (Stripe's test accounts): awaiting payment once, then payment failed with the bank's code",
            arguments: [("000111111116", "no_account"), ("000111111113", "account_closed"), ("000222222227", "insufficient_funds")])
        func achFails(number: String, code: String) async throws {
            try await PaymentsTestBed.run { bed in
                bed.sim.clock.freeze()
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let created = try unwrap(
                    try await bed.send(
                        CreatePaymentIntent(
                            account: account, orderReference: order, amount: 5000, currency: "usd",
                            paymentMethodTypes: ["card", "us_bank_account"], receiptEmail: "jenny@example.com")))
                let method = try bankAccount(bed, account, number: number)
                _ = bed.stripe("POST", "/v1/payment_intents/\(created.paymentIntent)/confirm", [("payment_method", method)], account: account)
                bed.sim.advanceClock(bySeconds: 1)
                try await bed.waitForSim(created.paymentIntent, "status", "requires_payment_method")
                let events = try await bed.deliverEvents(account: account, objects: [created.paymentIntent])
                #expect(events.map(\.type) == ["stripe.payment_intent.processing", "stripe.payment_intent.payment_failed"])
                try await bed.publish(events)
                try await bed.settle(events)
                #expect(try await bed.published(OrderAwaitingPayment.messageName, order: order).count == 1)
                let failed = try await bed.published(OrderPaymentFailed.messageName, order: order)
                #expect(failed.count == 1)
                #expect(try failed.first?.decode(OrderPaymentFailed.self).failureCode == code)
                #expect(try failed.first?.decode(OrderPaymentFailed.self).buyerMustAct == true)
                #expect(try await bed.published(OrderPaid.messageName, order: order).isEmpty)
                #expect(try await bed.order(account, order, "state") == "payment_failed")
            }
        }

        @Test("ACH Direct Debit in the PaymentSheet's automatic methods and in Checkout's explicit list")
        func achInSheetAndCheckout() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let sheet = try unwrap(
                    try await bed.send(
                        CreatePaymentSheet(
                            account: account, orderReference: PaymentsTestBed.orderReference(), customerReference: "buyer-ach",
                            customerEmail: "jenny@example.com", amount: 3000, currency: "usd", shipping: Self.shipping)))
                let sheetTypes = bed.sim.object(id: sheet.paymentIntent)?["payment_method_types"]?.arrayValue?.compactMap(\.stringValue) ?? []
                #expect(sheetTypes.contains("us_bank_account") && sheetTypes.contains("link"))
                #expect(bed.sim.object(id: sheet.paymentIntent)?["shipping"]?["name"]?.stringValue == "Jenny Rosen")

                let order = PaymentsTestBed.orderReference()
                let session = try unwrap(
                    try await bed.send(
                        CreateCheckoutSession(
                            account: account, orderReference: order,
                            lineItems: [CheckoutLineItem(priceData: PriceData(productName: "Vase", unitAmount: 4000, currency: "usd"), quantity: 1)],
                            applicationFeeAmount: 400, customerEmail: "jenny@example.com", successUrl: "https://shop.example.com/ok",
                            paymentMethodTypes: ["card", "us_bank_account", "link"])))
                let create = try #require(bed.requests("POST", "/v1/checkout/sessions").first)
                #expect(create.params["customer_email"]?.stringValue == "jenny@example.com")
                let paid = bed.stripe("POST", "/sim/checkout/\(session.checkoutSession)/pay", [("payment_method", "us_bank_account_succeed")])
                #expect(paid.status == 302)
                let pi = try #require(bed.sim.object(id: session.checkoutSession)?["payment_intent"]?.stringValue)
                try await bed.waitForSim(pi, "status", "succeeded")
                try await bed.deliverEvents(account: account, objects: [session.checkoutSession, pi])
                #expect(try await bed.published(OrderAwaitingPayment.messageName, order: order).count == 1)
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
            }
        }

        @Test("Link: offered with the buyer's e-mail, which the Link method then carries; paid once")
        func link() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let created = try unwrap(
                    try await bed.send(
                        CreatePaymentIntent(
                            account: account, orderReference: order, amount: 1800, currency: "usd",
                            paymentMethodTypes: ["card", "link"], receiptEmail: "jenny@example.com")))
                let create = try #require(bed.requests("POST", "/v1/payment_intents").first)
                #expect(create.params["receipt_email"]?.stringValue == "jenny@example.com")
                let confirmed = bed.stripe(
                    "POST", "/v1/payment_intents/\(created.paymentIntent)/confirm",
                    [("payment_method", "pm_link")], account: account)
                #expect(confirmed.json["status"] as? String == "succeeded")
                let method = try #require(confirmed.json["payment_method"] as? String)
                #expect(bed.sim.object(id: method)?["link"]?["email"]?.stringValue == "jenny@example.com")
                try await bed.deliverEvents(account: account, objects: [created.paymentIntent])
                let paid = try await bed.published(OrderPaid.messageName, order: order)
                #expect(paid.count == 1)
                #expect(try paid.first?.decode(OrderPaid.self).customerEmail == "jenny@example.com")
            }
        }

        @Test("shipping given to confirm_payment reaches Stripe and the paid event; a redelivery charges and publishes once")
        func shippingThroughConfirm() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let command = ConfirmPayment(
                    account: account, orderReference: order, amount: 4200, currency: "usd",
                    paymentMethod: "pm_card_visa", applicationFeeAmount: 420, shipping: Self.shipping)
                let marker = ConfirmPayment(
                    account: account, orderReference: PaymentsTestBed.orderReference(), amount: 100,
                    currency: "usd", paymentMethod: "pm_card_visa")
                _ = try unwrap(try await bed.deliverTwice(command, account: account, then: marker))
                let charges = bed.requests("POST", "/v1/payment_intents").filter {
                    $0.params["metadata"]?["order_reference"]?.stringValue == order
                }
                #expect(charges.count == 1)
                #expect(charges.first?.params["shipping"]?["name"]?.stringValue == "Jenny Rosen")
                let paid = try await bed.published(OrderPaid.messageName, order: order)
                #expect(paid.count == 1)
                #expect(try paid.first?.decode(OrderPaid.self).shipping == Self.shipping)
                #expect(try await bed.order(account, order, "shipping->>'name'") == "Jenny Rosen")
            }
        }

        @Test("bad shipping, unknown method types and bad domains are refused before Stripe is called")
        func refusedBeforeStripe() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let before = bed.sim.requestLog.count
                let noLine = try await bed.sendRaw(
                    type: CreatePaymentIntent.messageName,
                    json: """
                        {"account":"\(account)","order_reference":"o-1","amount":1000,"currency":"usd","shipping":{"name":"Jenny","address":{"city":"SF"}}}
                        """)
                #expect(noLine?.code == ReplyError.Code.missingField && noLine?.field == "shipping.address.line1")
                let unknown = failure(
                    try await bed.send(
                        CreatePaymentIntent(
                            account: account, orderReference: "o-2", amount: 1000,
                            currency: "usd", paymentMethodTypes: ["card_present"])))
                #expect(unknown?.code == ReplyError.Code.unknownPaymentMethodType)
                let domain = failure(try await bed.send(RegisterPaymentMethodDomain(account: account, domainName: "https://shop.example.com")))
                #expect(domain?.code == ReplyError.Code.invalidDomain)
                #expect(bed.sim.requestLog.count == before)
            }
        }
    }
}
