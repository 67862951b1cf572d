import Foundation
import HTTPServer
import Messages
import PaymentsService
import StripeSimCore
import Testing
import TestKit

extension PaymentsIntegrationTests {
    /// Deferred intents: the Payment Element collected the method under `intent_configuration`
    /// and created a ConfirmationToken; `payments.confirm_payment` creates and confirms the
    /// PaymentIntent with it.
    @Suite("Deferred intents (ConfirmationToken)")
    struct DeferredIntents {
        /// A ConfirmationToken on `account`, as `stripe.createConfirmationToken` leaves one.
        static func token(_ bed: PaymentsTestBed, account: String, _ params: [(String, String)]) throws -> String {
            let answer = bed.stripe("POST", "/v1/test_helpers/confirmation_tokens", params, account: account)
            return try #require(answer.id)
        }

        @Test("a card token: created and confirmed with automatic payment methods and the fee; sent twice, charged once")
        func cardToken() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let ctoken = try Self.token(bed, account: account, [("payment_method", "pm_card_visa")])
                let command = ConfirmPayment(
                    account: account, orderReference: order, amount: 5400, currency: "eur", applicationFeeAmount: 540,
                    confirmationToken: ctoken)
                let paid = try unwrap(try await bed.send(command))
                #expect(paid.status == .succeeded)
                #expect(paid.redirectUrl == nil)
                let create = try #require(bed.requests("POST", "/v1/payment_intents").last)
                #expect(create.params["confirmation_token"]?.stringValue == ctoken)
                #expect(create.params["confirm"]?.stringValue == "true")
                #expect(create.params["automatic_payment_methods"]?["enabled"]?.stringValue == "true")
                #expect(create.params["payment_method_types"] == nil && create.params["allowed_payment_method_types"] == nil)
                #expect(bed.sim.object(id: ctoken)?["payment_intent"]?.stringValue == paid.paymentIntent)
                #expect(try await bed.order(account, order, "state") == "paid")
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
                #expect(bed.collectedFee(paymentIntent: paid.paymentIntent) == 540)
                let again = failure(try await bed.send(command))
                #expect(again?.code == ReplyError.Code.invalidState)
                let charges = bed.requests("POST", "/v1/payment_intents").filter { $0.params["metadata"]?["order_reference"]?.stringValue == order }
                #expect(charges.count == 1)
            }
        }

        @Test("an iDEAL token: requires_action with the test page's URL; the buyer authorizes; the webhooks pay the order")
        func idealToken() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let ctoken = try Self.token(
                    bed, account: account, [("payment_method_data[type]", "ideal"), ("return_url", "https://shop.example.com/complete")])
                let reply = try unwrap(
                    try await bed.send(
                        ConfirmPayment(
                            account: account, orderReference: order, amount: 2200, currency: "eur", applicationFeeAmount: 200,
                            confirmationToken: ctoken)))
                #expect(reply.status == .requiresAction)
                #expect(reply.nextActionType == "redirect_to_url")
                #expect(reply.clientSecret?.hasPrefix(reply.paymentIntent) == true)
                let url = try #require(reply.redirectUrl)
                let back = try RedirectMethods.testPage(bed, url, outcome: "authorize")
                #expect(back.hasPrefix("https://shop.example.com/complete?payment_intent=\(reply.paymentIntent)&"))
                #expect(try await bed.order(account, order, "state") != "paid")
                _ = try await bed.deliverEvents(account: account, objects: [reply.paymentIntent])
                #expect(try await bed.order(account, order, "state") == "paid")
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
                #expect(bed.collectedFee(paymentIntent: reply.paymentIntent) == 200)
            }
        }

        @Test("a used token, or both a payment method and a token, are refused")
        func refusals() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let before = bed.requests("POST", "/v1/payment_intents").count
                let both = failure(
                    try await bed.send(
                        ConfirmPayment(
                            account: account, orderReference: PaymentsTestBed.orderReference(), amount: 1000, currency: "eur",
                            paymentMethod: "pm_card_visa", confirmationToken: "ctoken_123")))
                #expect(both?.code == ReplyError.Code.invalidValue)
                #expect(bed.requests("POST", "/v1/payment_intents").count == before)
                let ctoken = try Self.token(bed, account: account, [("payment_method", "pm_card_visa")])
                _ = try unwrap(
                    try await bed.send(
                        ConfirmPayment(
                            account: account, orderReference: PaymentsTestBed.orderReference(), amount: 1000, currency: "eur",
                            confirmationToken: ctoken)))
                let reused = failure(
                    try await bed.send(
                        ConfirmPayment(
                            account: account, orderReference: PaymentsTestBed.orderReference(), amount: 1000, currency: "eur",
                            confirmationToken: ctoken)))
                #expect(reused?.code.hasPrefix("stripe.") == true)
            }
        }
    }
}
