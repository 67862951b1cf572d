import StripeSimCore
import Foundation
import Messages
import StripeAPI
import Testing
import TestKit
@testable import TerminalGateway

extension TerminalIntegrationTests {
    /// Reconciliation lists the accounts' uncaptured in-person PaymentIntents at Stripe, so
    /// one the gateway never heard of is captured or canceled before its two days run out.
    @Suite("Terminal reconciliation against Stripe")
    struct StripeSideReconciliationTests {
        @Test func authorizationsTheGatewayNeverHeardOfAreCapturedOrCanceledInTime() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let sold = TerminalTestBed.order(), forgotten = TerminalTestBed.order()
                // The app sells twice on its own; no event reaches the gateway.
                let piSold = try await bed.appCreatedPaymentIntent(amount: 1600, account: account, order: sold)
                try await bed.appCollects(piSold, reader: reader, account: account)
                let piForgotten = try await bed.appCreatedPaymentIntent(amount: 700, account: account, order: forgotten)
                try await bed.appCollects(piForgotten, reader: reader, account: account)
                let online = try await bed.appCreatedPaymentIntent(amount: 900, account: account, types: ["card"])
                #expect(try bed.payment(piSold) == nil && bed.payment(piForgotten) == nil)
                _ = try TerminalTestBed.value(try await bed.send(CompleteOrder(orderReference: sold)), "complete")

                // No account named: every account that sells in person is asked.
                let first = try TerminalTestBed.value(try await bed.send(Reconcile()), "reconcile")
                let lines = Dictionary(uniqueKeysWithValues: first.payments.map { ($0.paymentIntent, $0) })
                #expect(lines[piSold]?.action == .captured)
                #expect(lines[piForgotten]?.action == .left)
                #expect(lines[piForgotten]?.reason.hasPrefix("within grace until ") == true)
                #expect(lines[online] == nil)
                #expect(try bed.payment(online) == nil)
                #expect(bed.sim.object(id: piSold)?["status"]?.stringValue == "succeeded")
                #expect(try bed.payment(piSold)?.orderReference == sold)
                #expect(try await bed.wait(TerminalPaymentCaptured.self, piSold).first?.amountCaptured == 1600)
                let listing = try #require(bed.requests("GET", "/v1/payment_intents").first)
                #expect(listing.params["limit"]?.stringValue == "100")
                #expect(listing.params.value(at: "created.gte") != nil)

                // The next day, still within the two days: canceled, not left to lapse.
                bed.sim.advanceClock(bySeconds: 86_400)
                let second = try TerminalTestBed.value(try await bed.send(Reconcile()), "next day")
                #expect(second.payments.first { $0.paymentIntent == piForgotten }?.action == .canceled)
                #expect(bed.sim.object(id: piForgotten)?["cancellation_reason"]?.stringValue == "abandoned")
                #expect(try bed.payment(piForgotten)?.state == .canceled)
                #expect(bed.performed("POST", "/v1/payment_intents/\(piSold)/capture") == 1)
                #expect(second.payments.first { $0.paymentIntent == piSold } == nil)
            }
        }

        @Test func aRecordedPaymentWhoseEventsWereLostIsRefreshedAndCaptured() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let order = TerminalTestBed.order()
                let pi = try await bed.createPayment(order, amount: 1900, account: account).paymentIntent
                _ = try TerminalTestBed.value(
                    try await bed.send(ProcessPayment(reader: reader, paymentIntent: pi, account: account)), "process")
                try await bed.present(reader: reader, account: account)
                // Stripe authorized it; its events never reached the gateway.
                #expect(try bed.payment(pi)?.state == .processing)
                _ = try TerminalTestBed.value(try await bed.send(CompleteOrder(orderReference: order)), "complete")
                let run = try TerminalTestBed.value(try await bed.send(Reconcile(account: account)), "reconcile")
                #expect(run.payments.first { $0.paymentIntent == pi }?.action == .captured)
                #expect(try bed.payment(pi)?.state == .captured)
                #expect(bed.performed("POST", "/v1/payment_intents/\(pi)/capture") == 1)
            }
        }

        @Test func aReaderTimeoutIsRetriedOnTheSamePaymentIntentAndReconciledOnce() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let order = TerminalTestBed.order()
                let pi = try await bed.appCreatedPaymentIntent(amount: 1100, account: account, order: order)
                // The app hands it to the reader, nobody taps: the action times out.
                _ = try await onThread {
                    try bed.stripeClient().processPaymentIntent(
                        reader: reader, ProcessPaymentIntentParams(paymentIntent: pi),
                        options: .idempotent(Envelope.newMessageId(), stripeAccount: account))
                }
                bed.sim.advanceClock(bySeconds: 31)
                #expect(bed.sim.object(id: pi)?["status"]?.stringValue == "requires_payment_method")
                _ = try TerminalTestBed.value(try await bed.send(CompleteOrder(orderReference: order)), "complete")
                let idle = try TerminalTestBed.value(try await bed.send(Reconcile(account: account)), "after the timeout")
                #expect(idle.payments.first { $0.paymentIntent == pi } == nil)
                #expect(try bed.payment(pi) == nil)

                // The app retries on the same PaymentIntent; the next run captures it, once.
                try await bed.appCollects(pi, reader: reader, account: account)
                let run = try TerminalTestBed.value(try await bed.send(Reconcile(account: account)), "after the retry")
                #expect(run.payments.first { $0.paymentIntent == pi }?.action == .captured)
                #expect(bed.sim.object(id: pi)?["status"]?.stringValue == "succeeded")
                #expect(bed.performed("POST", "/v1/payment_intents/\(pi)/capture") == 1)
                #expect(bed.performed("POST", "/v1/payment_intents") == 1)
                #expect(try bed.payment(pi)?.orderReference == order)
            }
        }

        @Test func requiresConfirmationIsLeftThenCapturedOnceConfirmedOnTheSamePaymentIntent() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let order = TerminalTestBed.order()
                let pi = try await bed.appCreatedPaymentIntent(amount: 1300, account: account, order: order)
                _ = try await onThread {
                    try bed.stripeClient().collectPaymentMethod(
                        reader: reader, paymentIntent: pi, options: .idempotent(Envelope.newMessageId(), stripeAccount: account))
                }
                try await bed.present(reader: reader, account: account)
                #expect(bed.sim.object(id: pi)?["status"]?.stringValue == "requires_confirmation")
                _ = try TerminalTestBed.value(try await bed.send(CompleteOrder(orderReference: order)), "complete")

                let waiting = try TerminalTestBed.value(try await bed.send(Reconcile(account: account)), "before the confirmation")
                let line = try #require(waiting.payments.first { $0.paymentIntent == pi })
                #expect(line.action == .left)
                #expect(line.orderReference == order)
                #expect(line.reason.hasPrefix("not authorized at Stripe yet (requires_confirmation)"))
                #expect(try bed.payment(pi) == nil)
                #expect(bed.requests("POST", "/v1/payment_intents/\(pi)/cancel").isEmpty)

                _ = try await onThread {
                    try bed.stripeClient().confirmPaymentIntent(
                        reader: reader, paymentIntent: pi, options: .idempotent(Envelope.newMessageId(), stripeAccount: account))
                }
                let run = try TerminalTestBed.value(try await bed.send(Reconcile(account: account)), "after the confirmation")
                #expect(run.payments.first { $0.paymentIntent == pi }?.action == .captured)
                #expect(bed.performed("POST", "/v1/payment_intents/\(pi)/capture") == 1)
                #expect(try bed.payment(pi)?.state == .captured)
            }
        }
    }
}
