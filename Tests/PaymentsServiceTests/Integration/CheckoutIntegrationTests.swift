import StripeSimCore
import Foundation
import Messages
import PaymentsService
import Testing
import TestKit

extension PaymentsIntegrationTests {
    @Suite("Checkout")
    struct Checkout {
        private func hosted(_ account: String, _ order: String, fee: Int = 300) -> CreateCheckoutSession {
            CreateCheckoutSession(
                account: account, orderReference: order,
                lineItems: [
                    CheckoutLineItem(
                        priceData: PriceData(productName: "T-shirt", unitAmount: 2500, currency: "eur"),
                        quantity: 2)
                ],
                applicationFeeAmount: fee, customerEmail: "buyer@example.com",
                successUrl: "https://shop.example.com/success", cancelUrl: "https://shop.example.com/cart")
        }

        @Test("hosted Checkout paid by card: one session per order, paid once, fee matches Stripe's")
        func hostedPaidByCard() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let created = try unwrap(try await bed.send(hosted(account, order)))
                #expect(created.url?.isEmpty == false)
                #expect(created.clientSecret == nil)
                #expect(created.status == .open)
                #expect(!created.reused)

                let again = try unwrap(try await bed.send(hosted(account, order)))
                #expect(again.reused)
                #expect(again.checkoutSession == created.checkoutSession)
                let creates = bed.requests("POST", "/v1/checkout/sessions").filter { $0.path == "/v1/checkout/sessions" }
                #expect(creates.count == 1)
                #expect(creates.first?.account == account)
                #expect(creates.first?.idempotencyKey?.hasSuffix(":create_checkout_session") == true)
                #expect(creates.first?.params["payment_intent_data"]?["application_fee_amount"]?.stringValue == "300")

                let paid = bed.stripe("POST", "/sim/checkout/\(created.checkoutSession)/pay", [("payment_method", "pm_card_visa")])
                #expect(paid.status == 302)
                let pi = try #require(bed.sim.object(id: created.checkoutSession)?["payment_intent"]?.stringValue)
                let events = try await bed.deliverEvents(account: account, objects: [created.checkoutSession, pi])
                #expect(Set(events.map(\.type)) == ["stripe.checkout.session.completed", "stripe.payment_intent.succeeded"])

                let fulfilled = try await bed.published(OrderPaid.messageName, order: order)
                #expect(fulfilled.count == 1)
                let event = try fulfilled.first.map { try $0.decode(OrderPaid.self) }
                #expect(event?.amount == 5000)
                #expect(event?.currency == "eur")
                #expect(event?.applicationFeeAmount == 300)
                #expect(event?.paymentIntent == pi)
                #expect(event?.checkoutSession == created.checkoutSession)
                #expect(try await bed.published(CheckoutSessionCreated.messageName, order: order).count == 1)
                #expect(try await bed.order(account, order, "state") == "paid")
                #expect(try await bed.order(account, order, "application_fee_amount") == "300")
                #expect(bed.collectedFee(paymentIntent: pi) == 300)
            }
        }

        @Test("embedded Checkout replies with the client secret and is paid by card")
        func embeddedPaidByCard() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let command = CreateCheckoutSession(
                    account: account, orderReference: order,
                    lineItems: [CheckoutLineItem(priceData: PriceData(productName: "Mug", unitAmount: 1200, currency: "usd"), quantity: 1)],
                    applicationFeeAmount: 100, uiMode: .embedded,
                    returnUrl: "https://shop.example.com/return?session_id={CHECKOUT_SESSION_ID}")
                let created = try unwrap(try await bed.send(command))
                #expect(created.clientSecret?.isEmpty == false)
                #expect(created.url == nil)
                let create = bed.requests("POST", "/v1/checkout/sessions").first
                #expect(create?.params["ui_mode"]?.stringValue == "embedded_page")

                _ = bed.stripe("POST", "/sim/checkout/\(created.checkoutSession)/pay", [("payment_method", "pm_card_visa")])
                let pi = try #require(bed.sim.object(id: created.checkoutSession)?["payment_intent"]?.stringValue)
                try await bed.deliverEvents(account: account, objects: [created.checkoutSession, pi])
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
                #expect(try await bed.order(account, order, "state") == "paid")
                #expect(bed.collectedFee(paymentIntent: pi) == 100)
            }
        }

        @Test("duplicated and reordered webhooks fulfil the order once")
        func duplicatedAndReorderedWebhooks() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let created = try unwrap(try await bed.send(hosted(account, order)))
                _ = bed.stripe("POST", "/sim/checkout/\(created.checkoutSession)/pay", [("payment_method", "pm_card_visa")])
                let pi = try #require(bed.sim.object(id: created.checkoutSession)?["payment_intent"]?.stringValue)
                let events = bed.stripeEvents(account: account, objects: [created.checkoutSession, pi])
                #expect(events.count == 2)
                // Newest first, then every event again (as a second delivery with a new message id).
                var deliveries = Array(events.reversed())
                for event in events {
                    var copy = event
                    copy.messageId = Envelope.newMessageId()
                    deliveries.append(copy)
                }
                try await bed.publish(deliveries)
                try await bed.settle(deliveries)
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
                #expect(try await bed.order(account, order, "state") == "paid")
            }
        }

        @Test("a card declined on the Checkout page does not fail the order; another card pays it")
        func declineOnCheckoutPage() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let created = try unwrap(try await bed.send(hosted(account, order)))
                let declined = bed.stripe("POST", "/sim/checkout/\(created.checkoutSession)/pay", [("payment_method", "pm_card_chargeDeclined")])
                #expect(declined.status == 402)
                let pi = try #require(bed.sim.object(id: created.checkoutSession)?["payment_intent"]?.stringValue)
                let failures = try await bed.deliverEvents(account: account, objects: [created.checkoutSession, pi])
                #expect(failures.map(\.type) == ["stripe.payment_intent.payment_failed"])
                #expect(try await bed.order(account, order, "state") == "open")
                #expect(try await bed.published(OrderPaymentFailed.messageName, order: order).isEmpty)

                _ = bed.stripe("POST", "/sim/checkout/\(created.checkoutSession)/pay", [("payment_method", "pm_card_visa")])
                try await bed.deliverEvents(account: account, objects: [created.checkoutSession, pi], after: failures)
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
                #expect(try await bed.order(account, order, "state") == "paid")
            }
        }

        @Test("a delayed method's async_payment_failed delivered before the session's completed still says buyer_must_act")
        func delayedFailureOvertakesCompleted() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                var command = hosted(account, order)
                command.paymentMethodTypes = ["sepa_debit"]
                let created = try unwrap(try await bed.send(command))
                #expect(bed.stripe("POST", "/sim/checkout/\(created.checkoutSession)/pay", [("payment_method", "sepa_fail")]).status == 302)
                let pi = try #require(bed.sim.object(id: created.checkoutSession)?["payment_intent"]?.stringValue)
                try await bed.waitForSim(pi, "status", "requires_payment_method")
                let events = bed.stripeEvents(account: account, objects: [created.checkoutSession])
                let failedFirst =
                    events.filter { $0.type == "stripe.checkout.session.async_payment_failed" }
                    + events.filter { $0.type != "stripe.checkout.session.async_payment_failed" }
                #expect(failedFirst.first?.type == "stripe.checkout.session.async_payment_failed")
                try await bed.publish(failedFirst)
                try await bed.settle(failedFirst)
                let failed = try await bed.published(OrderPaymentFailed.messageName, order: order)
                #expect(failed.count == 1)
                #expect(try failed.first?.decode(OrderPaymentFailed.self).buyerMustAct == true)
                #expect(try await bed.order(account, order, "state") == "payment_failed")
            }
        }

        @Test("Checkout paid by a delayed method: awaiting payment, then paid once or failed", arguments: [true, false])
        func delayedMethod(succeeds: Bool) async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                var command = hosted(account, order)
                command.paymentMethodTypes = ["card", "sepa_debit"]
                let created = try unwrap(try await bed.send(command))
                let paid = bed.stripe(
                    "POST", "/sim/checkout/\(created.checkoutSession)/pay",
                    [("payment_method", succeeds ? "sepa_succeed" : "sepa_fail")])
                #expect(paid.status == 302)
                let pi = try #require(bed.sim.object(id: created.checkoutSession)?["payment_intent"]?.stringValue)
                try await bed.waitForSim(pi, "status", succeeds ? "succeeded" : "requires_payment_method")
                let events = try await bed.deliverEvents(account: account, objects: [created.checkoutSession, pi])
                #expect(
                    events.map(\.type).contains(
                        succeeds
                            ? "stripe.checkout.session.async_payment_succeeded"
                            : "stripe.checkout.session.async_payment_failed"))
                #expect(try await bed.published(OrderAwaitingPayment.messageName, order: order).count == 1)
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == (succeeds ? 1 : 0))
                let failed = try await bed.published(OrderPaymentFailed.messageName, order: order)
                #expect(failed.count == (succeeds ? 0 : 1))
                // async_payment_failed: the debit failed after the buyer left the page.
                if !succeeds { #expect(try failed.first?.decode(OrderPaymentFailed.self).buyerMustAct == true) }
                #expect(try await bed.order(account, order, "state") == (succeeds ? "paid" : "payment_failed"))
                // A paid order gets no new session; a failed one does, so the buyer can order again.
                let retry = try await bed.send(command)
                if succeeds {
                    #expect(failure(retry)?.code == ReplyError.Code.invalidState)
                } else {
                    let second = try unwrap(retry)
                    #expect(!second.reused)
                    #expect(second.checkoutSession != created.checkoutSession)
                }
            }
        }

        @Test("an account that cannot take charges is refused without calling Stripe")
        func accountNotReady() async throws {
            try await PaymentsTestBed.run { bed in
                let pending = try await bed.connectedAccount(ready: false)
                let before = bed.sim.requestLog.count
                let refused = failure(try await bed.send(hosted(pending, PaymentsTestBed.orderReference())))
                #expect(refused?.code == ReplyError.Code.accountNotReady)
                let unknown = failure(try await bed.send(hosted("acct_neverseen1234", PaymentsTestBed.orderReference())))
                #expect(unknown?.code == ReplyError.Code.accountNotReady)
                #expect(bed.sim.requestLog.count == before)
                #expect(bed.sim.requestLog.allSatisfy { $0.account != pending })
            }
        }

        @Test("an unknown price is a not_found.price error")
        func unknownPrice() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let command = CreateCheckoutSession(
                    account: account, orderReference: PaymentsTestBed.orderReference(),
                    lineItems: [CheckoutLineItem(price: "price_doesnotexist", quantity: 1)],
                    successUrl: "https://shop.example.com/success")
                let error = failure(try await bed.send(command))
                #expect(error?.code == ReplyError.Code.priceNotFound)
            }
        }
    }
}
