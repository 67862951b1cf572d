import StripeSimCore
import Foundation
import Messages
import PaymentsService
import Store
import Testing
import TestKit

extension PaymentsIntegrationTests {
    @Suite("Server-side confirmation and refunds")
    struct ConfirmAndRefund {
        private func confirm(_ account: String, _ order: String, _ method: String, amount: Int = 5000) -> ConfirmPayment {
            ConfirmPayment(
                account: account, orderReference: order, amount: amount, currency: "usd", paymentMethod: method,
                applicationFeeAmount: 500)
        }

        @Test("confirm with a good card succeeds and fulfils once, whatever webhooks follow")
        func confirmSucceeds() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let result = try unwrap(try await bed.send(confirm(account, order, "pm_card_visa")))
                #expect(result.status == .succeeded)
                #expect(result.clientSecret == nil)
                let create = try #require(bed.requests("POST", "/v1/payment_intents").first)
                #expect(create.params["confirm"]?.stringValue == "true")
                #expect(create.account == account)
                try await bed.deliverEvents(account: account, objects: [result.paymentIntent])
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
                #expect(try await bed.order(account, order, "state") == "paid")
                #expect(bed.collectedFee(paymentIntent: result.paymentIntent) == 500)
                #expect(try await bed.order(account, order, "application_fee_amount") == "500")
            }
        }

        @Test("confirm with a 3-D Secure card answers requires_action with the client secret")
        func confirmRequiresAction() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let result = try unwrap(try await bed.send(confirm(account, order, "pm_card_authenticationRequired")))
                #expect(result.status == .requiresAction)
                #expect(result.clientSecret?.hasPrefix(result.paymentIntent) == true)
                #expect(result.nextActionType == "use_stripe_sdk")
                #expect(try await bed.order(account, order, "state") == "open")
                // Asking again answers the same PaymentIntent without a new charge.
                let again = try unwrap(try await bed.send(confirm(account, order, "pm_card_authenticationRequired")))
                #expect(again.paymentIntent == result.paymentIntent)
                #expect(bed.requests("POST", "/v1/payment_intents").count == 1)
            }
        }

        @Test("a declined card is a stripe.card_declined reply, the order fails, a new card can pay it")
        func confirmDeclined() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let declined = failure(try await bed.send(confirm(account, order, "pm_card_chargeDeclined")))
                #expect(declined?.code == "stripe.card_declined")
                #expect(declined?.stripe?.declineCode == "generic_decline")
                #expect(try await bed.order(account, order, "state") == "payment_failed")
                let failed = try await bed.published(OrderPaymentFailed.messageName, order: order)
                #expect(failed.count == 1)
                #expect(try failed.first?.decode(OrderPaymentFailed.self).declineCode == "generic_decline")
                // The platform confirmed while the buyer waits: they are told there, not by e-mail.
                #expect(try failed.first?.decode(OrderPaymentFailed.self).buyerMustAct == false)

                let retried = try unwrap(try await bed.send(confirm(account, order, "pm_card_visa")))
                #expect(retried.status == .succeeded)
                #expect(bed.requests("POST", "/v1/payment_intents").filter { $0.path == "/v1/payment_intents" }.count == 1)
                #expect(bed.requests("POST", "/v1/payment_intents/\(retried.paymentIntent)/confirm").count == 1)
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
            }
        }

        @Test(
            "refund_application_fee: the fee refunded in proportion is recorded per refund and per order; application_fee.refunded raises the order's total"
        )
        func applicationFeeRefunds() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let paid = try unwrap(try await bed.send(confirm(account, order, "pm_card_visa")))
                let first = try unwrap(
                    try await bed.send(RefundPayment(account: account, orderReference: order, amount: 2000, refundApplicationFee: true)))
                #expect(first.applicationFeeRefunded == 200 && first.applicationFeeRefundedTotal == 200)
                #expect(bed.requests("POST", "/v1/refunds").last?.params["refund_application_fee"]?.stringValue == "true")
                #expect(bed.requests("GET", "/v1/charges/").last?.params["expand"] != nil)
                let second = try unwrap(try await bed.send(RefundPayment(account: account, orderReference: order, amount: 1000)))
                #expect(second.applicationFeeRefunded == 0 && second.applicationFeeRefundedTotal == 200)
                let recorded = try await bed.value(
                    "SELECT string_agg(application_fee_refunded::text, ',' ORDER BY created_at) AS v FROM \(bed.schema).refunds WHERE order_reference = $1",
                    [.text(order)], column: "v")
                #expect(recorded == "200,0")

                // A refund made elsewhere (the Dashboard) with the fee: its events tell the service.
                let charge = try #require(bed.sim.object(id: paid.paymentIntent)?["latest_charge"]?.stringValue)
                let fee = try #require(bed.sim.object(id: charge)?["application_fee"]?.stringValue)
                _ = bed.stripe("POST", "/v1/refunds", [("charge", charge), ("amount", "1000"), ("refund_application_fee", "true")], account: account)
                try await bed.deliverEvents(account: account, objects: [charge])
                let feeEvents = bed.sim.events().reversed().compactMap { event -> Envelope? in
                    guard event["type"]?.stringValue == "application_fee.refunded", event.value(at: "data.object.id")?.stringValue == fee,
                        let id = event["id"]?.stringValue
                    else { return nil }
                    return Envelope(
                        type: "stripe.application_fee.refunded", appId: "notifications",
                        headers: MessageHeaders(extra: ["x-stripe-event-id": id]), body: event.serialized())
                }
                #expect(feeEvents.count == 2)
                try await bed.publish(feeEvents)
                try await bed.settle(feeEvents)
                let total = try await bed.value(
                    "SELECT amount_refunded::text AS v FROM \(bed.schema).order_application_fees WHERE order_reference = $1", [.text(order)],
                    column: "v")
                #expect(total == "300")
                let rest = try unwrap(try await bed.send(RefundPayment(account: account, orderReference: order, refundApplicationFee: true)))
                #expect(rest.amount == 1000 && rest.fullyRefunded)
                #expect(rest.applicationFeeRefunded == 200 && rest.applicationFeeRefundedTotal == 500)
                #expect(bed.sim.object(id: fee)?["refunded"] == .bool(true))
            }
        }

        @Test("partial then full refund, then more than remains is refused without calling Stripe")
        func refunds() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let paid = try unwrap(try await bed.send(confirm(account, order, "pm_card_visa")))
                #expect(paid.status == .succeeded)

                let partial = try unwrap(
                    try await bed.send(
                        RefundPayment(
                            account: account, orderReference: order, amount: 2000,
                            reason: .requestedByCustomer)))
                #expect(partial.amount == 2000)
                #expect(partial.amountRefundedTotal == 2000)
                #expect(!partial.fullyRefunded)
                #expect(try await bed.order(account, order, "state") == "partially_refunded")

                let rest = try unwrap(try await bed.send(RefundPayment(account: account, orderReference: order)))
                #expect(rest.amount == 3000)
                #expect(rest.amountRefundedTotal == 5000)
                #expect(rest.fullyRefunded)
                #expect(try await bed.order(account, order, "state") == "refunded")

                let refundsBefore = bed.requests("POST", "/v1/refunds").count
                let tooMuch = failure(try await bed.send(RefundPayment(account: account, orderReference: order, amount: 1)))
                #expect(tooMuch?.code == ReplyError.Code.refundExceedsAmount)
                #expect(bed.requests("POST", "/v1/refunds").count == refundsBefore)
                #expect(refundsBefore == 2)

                // Stripe's own charge.refunded events add nothing already counted.
                let charge = try #require(bed.sim.object(id: paid.paymentIntent)?["latest_charge"]?.stringValue)
                try await bed.deliverEvents(account: account, objects: [paid.paymentIntent, charge])
                let refunded = try await bed.published(OrderRefunded.messageName, order: order)
                #expect(refunded.count == 2)
                #expect(try refunded.map { try $0.decode(OrderRefunded.self).amount }.sorted() == [2000, 3000])
            }
        }

        @Test("a retried full refund that Stripe already made, and charge.refunded already counted, answers that refund")
        func retriedFullRefundAfterItsWebhook() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let paid = try unwrap(try await bed.send(confirm(account, order, "pm_card_visa")))
                // The first attempt's refund reached Stripe, then the worker died before its commit;
                // the charge.refunded webhook counted the refund on the order meanwhile.
                let messageId = Envelope.newMessageId()
                let made = bed.stripe(
                    "POST", "/v1/refunds", [("payment_intent", paid.paymentIntent)], account: account,
                    idempotencyKey: "\(messageId):refund")
                let refund = try #require(made.id)
                let charge = try #require(bed.sim.object(id: paid.paymentIntent)?["latest_charge"]?.stringValue)
                try await bed.deliverEvents(account: account, objects: [paid.paymentIntent, charge])
                #expect(try await bed.order(account, order, "state") == "refunded")

                let channel = try CommandChannel(
                    url: bed.env.amqpURL, replyQueue: IntegrationEnvironment.uniqueName("payments-tests.replies"),
                    appId: "payments-tests")
                defer { channel.delete() }
                let command = RefundPayment(account: account, orderReference: order)
                try await onThread { try channel.publish(command, messageId: messageId, attempt: 1) }
                let reply = try await onThread { try channel.reply(to: RefundPayment.self, messageId: messageId) }
                let result = try unwrap(try #require(reply))
                #expect(result.refund == refund)
                #expect(result.amount == 5000)
                #expect(result.fullyRefunded)
                #expect(bed.requests("POST", "/v1/refunds").filter { !$0.replayed }.count == 1)
                #expect(try await bed.order(account, order, "amount_refunded") == "5000")
            }
        }

        @Test("an over-refund of a partly refunded order is refused")
        func overRefund() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                _ = try unwrap(try await bed.send(confirm(account, order, "pm_card_visa", amount: 1000)))
                _ = try unwrap(try await bed.send(RefundPayment(account: account, orderReference: order, amount: 600)))
                let refused = failure(try await bed.send(RefundPayment(account: account, orderReference: order, amount: 401)))
                #expect(refused?.code == ReplyError.Code.refundExceedsAmount)
                let unknown = failure(try await bed.send(RefundPayment(account: account, orderReference: "no-such-order")))
                #expect(unknown?.code == ReplyError.Code.orderNotFound)
            }
        }
    }
}
