import StripeSimCore
import Messages
import Testing
import TestKit
@testable import TerminalGateway

extension TerminalIntegrationTests {
    /// Server-driven collect, inspect, confirm, and the 30-second window on the simulator's clock.
    @Suite("Collect and confirm")
    struct CollectConfirmTests {
        @Test func collectInspectConfirm() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let order = TerminalTestBed.order()
                let created = try await bed.createPayment(order, amount: 2700, account: account)
                let pi = created.paymentIntent
                let collecting = try TerminalTestBed.value(
                    try await bed.send(CollectPaymentMethod(reader: reader, paymentIntent: pi, account: account)), "collect")
                #expect(collecting.actionStatus == .inProgress)
                // Confirming before a card was read is refused by Stripe.
                let early = try await bed.send(TerminalConfirmPayment(reader: reader, paymentIntent: pi, account: account))
                #expect(early.failure != nil)
                try await bed.present(reader: reader, account: account, cardNumber: "5555555555554444")
                try await bed.pumpEvents(account: account)
                let monitor = bed.monitor
                let collected = try #require(
                    try await onThread {
                        try monitor.wait(for: TerminalPaymentMethodCollected.self) { $0.paymentIntent == pi }.first
                    })
                #expect(collected.brand == "mastercard")
                #expect(collected.last4 == "4444")
                #expect(collected.funding == "credit")
                #expect(collected.walletType == nil)
                #expect(collected.reader == reader)
                #expect(collected.orderReference == order)
                #expect(try await bed.events(TerminalPaymentAuthorized.self, pi).isEmpty)

                let confirmed = try TerminalTestBed.value(
                    try await bed.send(TerminalConfirmPayment(reader: reader, paymentIntent: pi, account: account)), "confirm")
                #expect(confirmed.actionStatus == .succeeded)
                try await bed.pumpEvents(account: account)
                let authorized = try #require(try await bed.authorizedEvent(pi))
                #expect(authorized.amount == 2700)
                #expect(try bed.payment(pi)?.state == .requiresCapture)

                // Authorized: neither step runs again; an unknown PaymentIntent is not found. No reader call.
                let readerCalls = bed.requests("POST", "/v1/terminal/readers/\(reader)/").count
                let again = try await bed.send(CollectPaymentMethod(reader: reader, paymentIntent: pi, account: account))
                #expect(again.failure?.code == "conflict.invalid_state")
                let confirmAgain = try await bed.send(TerminalConfirmPayment(reader: reader, paymentIntent: pi, account: account))
                #expect(confirmAgain.failure?.code == "conflict.invalid_state")
                let unknown = try await bed.send(CollectPaymentMethod(reader: reader, paymentIntent: "pi_unknown", account: account))
                #expect(unknown.failure?.code == "not_found.payment_intent")
                #expect(bed.requests("POST", "/v1/terminal/readers/\(reader)/").count == readerCalls)
            }
        }

        @Test func aConfirmAfterTheWindowIsRefusedAndTheActionCancelled() async throws {
            try await TerminalTestBed.run { bed in
                // The simulated clock stands still but for the advances below: 29 s must stay
                // inside the 30 s window however long the commands take (the window counts
                // whole seconds from the card's collection).
                bed.sim.clock.freeze()
                let reader = try await bed.reader()
                let created = try await bed.createPayment(TerminalTestBed.order(), amount: 1900)
                let pi = created.paymentIntent
                _ = try TerminalTestBed.value(try await bed.send(CollectPaymentMethod(reader: reader, paymentIntent: pi)), "collect")
                try await bed.present(reader: reader, account: nil)
                bed.sim.advanceClock(bySeconds: 31)
                let late = try await bed.send(TerminalConfirmPayment(reader: reader, paymentIntent: pi))
                #expect(late.failure?.code == ReplyError.Code.collectionExpired)
                #expect(bed.requests("POST", "/v1/terminal/readers/\(reader)/cancel_action").count == 1)
                #expect(try bed.payment(pi)?.state == .requiresPaymentMethod)
                // The same PaymentIntent is collected again and confirmed in time.
                _ = try TerminalTestBed.value(try await bed.send(CollectPaymentMethod(reader: reader, paymentIntent: pi)), "collect again")
                try await bed.present(reader: reader, account: nil)
                bed.sim.advanceClock(bySeconds: 29)
                _ = try TerminalTestBed.value(try await bed.send(TerminalConfirmPayment(reader: reader, paymentIntent: pi)), "confirm")
                try await bed.pumpEvents(account: nil)
                #expect(try await bed.authorizedEvent(pi)?.amount == 1900)
                #expect(bed.sim.count(objectType: "payment_intent") == 1)
            }
        }
    }
}
