import StripeSimCore
import Foundation
import Messages
import PaymentsService
import Testing
import TestKit

extension PaymentsIntegrationTests {
    @Suite("Web PaymentIntents")
    struct PaymentIntent {
        /// A seller, an order reference and the order's PaymentIntent, created by the command
        /// (`intent`, with `types` when given).
        private func orderWithIntent(
            _ bed: PaymentsTestBed, types: [String]? = nil
        ) async throws -> (account: String, order: String, created: CreatePaymentIntent.Result) {
            let account = try await bed.connectedAccount()
            let order = PaymentsTestBed.orderReference()
            return (account, order, try unwrap(try await bed.send(intent(account, order, types: types))))
        }

        /// The buyer's app confirms `paymentIntent` with the test PaymentMethod `method` at the simulator.
        private func appConfirms(_ bed: PaymentsTestBed, _ paymentIntent: String, with method: String, account: String) -> PaymentsTestBed.SimAnswer {
            bed.stripe("POST", "/v1/payment_intents/\(paymentIntent)/confirm", [("payment_method", method)], account: account)
        }

        private func intent(
            _ account: String, _ order: String, types: [String]? = nil, amount: Int = 1999,
            currency: String = "eur"
        ) -> CreatePaymentIntent {
            CreatePaymentIntent(
                account: account, orderReference: order, amount: amount, currency: currency,
                applicationFeeAmount: 200, paymentMethodTypes: types)
        }

        @Test("automatic payment methods: one open PaymentIntent per order, paid once after the browser confirms")
        func automaticMethods() async throws {
            try await PaymentsTestBed.run { bed in
                let (account, order, created) = try await orderWithIntent(bed)
                #expect(created.clientSecret.hasPrefix(created.paymentIntent))
                #expect(created.status == .requiresPaymentMethod)
                #expect(!created.reused)
                let create = try #require(bed.requests("POST", "/v1/payment_intents").first)
                #expect(create.account == account)
                #expect(create.params["automatic_payment_methods"]?["enabled"]?.stringValue == "true")
                #expect(create.params["application_fee_amount"]?.stringValue == "200")
                #expect(create.idempotencyKey?.hasSuffix(":create_payment_intent") == true)

                let again = try unwrap(try await bed.send(intent(account, order)))
                #expect(again.reused)
                #expect(again.paymentIntent == created.paymentIntent)
                #expect(bed.requests("POST", "/v1/payment_intents").count == 1)

                let confirmed = appConfirms(bed, created.paymentIntent, with: "pm_card_visa", account: account)
                #expect(confirmed.json["status"] as? String == "succeeded")
                try await bed.deliverEvents(account: account, objects: [created.paymentIntent])
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
                #expect(try await bed.order(account, order, "state") == "paid")
                #expect(bed.collectedFee(paymentIntent: created.paymentIntent) == 200)
                let paidAgain = failure(try await bed.send(intent(account, order)))
                #expect(paidAgain?.code == ReplyError.Code.invalidState)
            }
        }

        @Test("a changed cart updates the order's open PaymentIntent instead of creating another")
        func changedAmount() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let first = try unwrap(try await bed.send(intent(account, order)))
                let changed = try unwrap(try await bed.send(intent(account, order, amount: 2500)))
                #expect(changed.reused)
                #expect(changed.paymentIntent == first.paymentIntent)
                #expect(changed.amount == 2500)
                #expect(bed.requests("POST", "/v1/payment_intents").filter { $0.path == "/v1/payment_intents" }.count == 1)
                let update = try #require(bed.requests("POST", "/v1/payment_intents/\(first.paymentIntent)").first)
                #expect(update.params["amount"]?.stringValue == "2500")
                #expect(update.idempotencyKey?.hasSuffix(":update_payment_intent") == true)
                #expect(try await bed.order(account, order, "amount") == "2500")
                let otherCurrency = failure(try await bed.send(intent(account, order, amount: 2500, currency: "usd")))
                #expect(otherCurrency?.code == ReplyError.Code.invalidState)
            }
        }

        @Test("explicit payment method types are sent instead of automatic methods")
        func explicitMethods() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let created = try unwrap(
                    try await bed.send(
                        intent(
                            account, PaymentsTestBed.orderReference(),
                            types: ["card", "sepa_debit", "link"])))
                #expect(created.status == .requiresPaymentMethod)
                let create = try #require(bed.requests("POST", "/v1/payment_intents").first)
                #expect(create.params["automatic_payment_methods"] == nil)
                let types = String(decoding: (create.params["allowed_payment_method_types"] ?? .null).serialized(), as: UTF8.self)
                #expect(types.contains("sepa_debit") && types.contains("link"))
                let stored = bed.sim.object(id: created.paymentIntent)?["payment_method_types"]?.arrayValue?.compactMap(\.stringValue)
                #expect(stored == ["card", "sepa_debit", "link"])
            }
        }

        @Test("a delayed method (SEPA Debit) that succeeds: awaiting payment, then paid once")
        func delayedSuccess() async throws {
            try await PaymentsTestBed.run { bed in
                let (account, order, created) = try await orderWithIntent(bed, types: ["sepa_debit"])
                let confirmed = appConfirms(bed, created.paymentIntent, with: "pm_sepa_debit_succeed", account: account)
                #expect(confirmed.json["status"] as? String == "processing")
                try await bed.waitForSim(created.paymentIntent, "status", "succeeded")
                let events = try await bed.deliverEvents(account: account, objects: [created.paymentIntent])
                #expect(events.map(\.type) == ["stripe.payment_intent.processing", "stripe.payment_intent.succeeded"])
                let awaiting = try await bed.published(OrderAwaitingPayment.messageName, order: order)
                #expect(awaiting.count == 1)
                #expect(try awaiting.first?.decode(OrderAwaitingPayment.self).paymentMethodType == "sepa_debit")
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
                #expect(try await bed.order(account, order, "state") == "paid")
            }
        }

        @Test("a delayed method (SEPA Debit) that fails: awaiting payment, then payment failed")
        func delayedFailure() async throws {
            try await PaymentsTestBed.run { bed in
                let (account, order, created) = try await orderWithIntent(bed, types: ["sepa_debit"])
                _ = appConfirms(bed, created.paymentIntent, with: "pm_sepa_debit_fail", account: account)
                try await bed.waitForSim(created.paymentIntent, "status", "requires_payment_method")
                let events = try await bed.deliverEvents(account: account, objects: [created.paymentIntent])
                #expect(events.map(\.type) == ["stripe.payment_intent.processing", "stripe.payment_intent.payment_failed"])
                #expect(try await bed.published(OrderAwaitingPayment.messageName, order: order).count == 1)
                let failed = try await bed.published(OrderPaymentFailed.messageName, order: order)
                #expect(failed.count == 1)
                #expect(try failed.first?.decode(OrderPaymentFailed.self).failureCode == "payment_method_unactivated")
                // It failed after processing: the buyer left the sheet and must be told.
                #expect(try failed.first?.decode(OrderPaymentFailed.self).buyerMustAct == true)
                #expect(try await bed.published(OrderPaid.messageName, order: order).isEmpty)
                #expect(try await bed.order(account, order, "state") == "payment_failed")
            }
        }

        @Test("a SEPA Debit failure delivered before its processing event still says buyer_must_act (the error's method type)")
        func delayedFailureOvertakesProcessing() async throws {
            try await PaymentsTestBed.run { bed in
                let (account, order, created) = try await orderWithIntent(bed, types: ["sepa_debit"])
                _ = appConfirms(bed, created.paymentIntent, with: "pm_sepa_debit_fail", account: account)
                try await bed.waitForSim(created.paymentIntent, "status", "requires_payment_method")
                let events = bed.stripeEvents(account: account, objects: [created.paymentIntent])
                #expect(events.map(\.type) == ["stripe.payment_intent.processing", "stripe.payment_intent.payment_failed"])
                let reversed = Array(events.reversed())
                try await bed.publish(reversed)
                try await bed.settle(reversed)
                let failed = try await bed.published(OrderPaymentFailed.messageName, order: order)
                #expect(failed.count == 1)
                #expect(try failed.first?.decode(OrderPaymentFailed.self).buyerMustAct == true)
                #expect(try await bed.order(account, order, "state") == "payment_failed")
            }
        }

        @Test("a card declined in the Payment Element: payment_failed with buyer_must_act false, then paid in the same sheet")
        func declinedInTheSheet() async throws {
            try await PaymentsTestBed.run { bed in
                let (account, order, created) = try await orderWithIntent(bed)
                let declined = appConfirms(bed, created.paymentIntent, with: "pm_card_chargeDeclined", account: account)
                #expect(declined.status == 402)
                let events = try await bed.deliverEvents(account: account, objects: [created.paymentIntent])
                #expect(events.map(\.type).contains("stripe.payment_intent.payment_failed"))
                let failed = try await bed.published(OrderPaymentFailed.messageName, order: order)
                #expect(failed.count == 1)
                let event = try #require(try failed.first?.decode(OrderPaymentFailed.self))
                #expect(event.buyerMustAct == false)
                #expect(event.failureCode == "card_declined")
                let confirmed = appConfirms(bed, created.paymentIntent, with: "pm_card_visa", account: account)
                #expect(confirmed.json["status"] as? String == "succeeded")
                try await bed.deliverEvents(account: account, objects: [created.paymentIntent])
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
            }
        }

        @Test("an account that cannot take charges gets no PaymentIntent and no Stripe call")
        func accountNotReady() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount(ready: false)
                let before = bed.sim.requestLog.count
                let refused = failure(try await bed.send(intent(account, PaymentsTestBed.orderReference())))
                #expect(refused?.code == ReplyError.Code.accountNotReady)
                #expect(bed.sim.requestLog.count == before)
                // Once onboarding says it can take charges, the same command succeeds.
                try await bed.publishAccountUpdated(account, chargesEnabled: true)
                let schema = bed.schema
                #expect(
                    try await eventually {
                        try bed.awaitValue("SELECT charges_enabled::text AS v FROM \(schema).account_charges WHERE account = $1", account) == "true"
                    })
                #expect(try unwrap(try await bed.send(intent(account, PaymentsTestBed.orderReference()))).status == .requiresPaymentMethod)
            }
        }
    }
}
