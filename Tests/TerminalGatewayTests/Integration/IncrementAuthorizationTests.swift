import Messages
import StripeAPI
import Testing
import TestKit
@testable import TerminalGateway

extension TerminalIntegrationTests {
    /// `terminal.increment_authorization` against the simulator's cards.
    @Suite("Incremental authorization")
    struct IncrementAuthorizationTests {
        @Test func anIncrementThenACapture() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let created = try TerminalTestBed.value(
                    try await bed.send(
                        CreateTerminalPaymentIntent(
                            orderReference: TerminalTestBed.order(), amount: 2000, currency: "usd", account: account,
                            requestIncrementalAuthorizationSupport: true)), "create")
                let pi = created.paymentIntent
                // Before the authorization: not yet.
                let early = try await bed.send(IncrementAuthorization(paymentIntent: pi, amount: 2500, account: account))
                #expect(early.failure?.code == ReplyError.Code.invalidState)
                try await bed.attempt(pi, reader: reader, account: account)
                _ = try #require(try await bed.authorizedEvent(pi))

                let lower = try await bed.send(IncrementAuthorization(paymentIntent: pi, amount: 1500, account: account))
                #expect(lower.failure?.code == ReplyError.Code.amountNotIncreased)
                let raised = try TerminalTestBed.value(
                    try await bed.send(IncrementAuthorization(paymentIntent: pi, amount: 3000, account: account)), "increment")
                #expect(raised.amountAuthorized == 3000)
                #expect(try bed.payment(pi)?.amountAuthorized == 3000)
                #expect(bed.performed("POST", "/v1/payment_intents/\(pi)/increment_authorization") == 1)

                let captured = try TerminalTestBed.value(try await bed.send(CapturePayment(paymentIntent: pi, account: account)), "capture")
                #expect(captured.amountCaptured == 3000)
                #expect(captured.amountAuthorized == 3000)
                let after = try await bed.send(IncrementAuthorization(paymentIntent: pi, amount: 4000, account: account))
                #expect(after.failure?.code == ReplyError.Code.alreadyCaptured)
            }
        }

        @Test func aRedeliveredIncrementIsAbsorbed() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let created = try TerminalTestBed.value(
                    try await bed.send(
                        CreateTerminalPaymentIntent(
                            orderReference: TerminalTestBed.order(), amount: 2000, currency: "usd", account: account,
                            requestIncrementalAuthorizationSupport: true)), "create")
                let pi = created.paymentIntent
                try await bed.attempt(pi, reader: reader, account: account)
                _ = try #require(try await bed.authorizedEvent(pi))
                // The first delivery reached Stripe, then the process died before committing.
                let messageId = Envelope.newMessageId()
                _ = try await onThread {
                    try bed.stripeClient().incrementAuthorization(
                        pi, PaymentIntentIncrementAuthorizationParams(amount: 2600),
                        options: .idempotent(
                            "\(messageId):increment_authorization",
                            stripeAccount: account))
                }
                #expect(try bed.payment(pi)?.amountAuthorized == 2000)
                // The broker redelivers the command: Stripe replays its answer, nothing is raised twice.
                let commands = bed.commands
                try await onThread {
                    try commands.publish(IncrementAuthorization(paymentIntent: pi, amount: 2600, account: account), messageId: messageId)
                }
                let reply = try #require(try await onThread { try commands.reply(to: IncrementAuthorization.self, messageId: messageId) })
                #expect(try TerminalTestBed.value(reply, "redelivered increment").amountAuthorized == 2600)
                let path = "/v1/payment_intents/\(pi)/increment_authorization"
                #expect(bed.performed("POST", path) == 1)
                #expect(bed.requests("POST", path).filter(\.replayed).count == 1)
                #expect(try bed.payment(pi)?.amountAuthorized == 2600)
                // Then the capture takes the raised amount, once.
                let captured = try TerminalTestBed.value(try await bed.send(CapturePayment(paymentIntent: pi, account: account)), "capture")
                #expect(captured.amountCaptured == 2600)
                #expect(try await bed.wait(TerminalPaymentCaptured.self, pi).count == 1)
            }
        }

        @Test func notRequestedOrACardWithoutSupportIsRefused() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                // Not requested at creation.
                let plain = try await bed.authorized(amount: 2000, reader: reader)
                let refused = try await bed.send(IncrementAuthorization(paymentIntent: plain, amount: 2500))
                #expect(refused.failure?.code == ReplyError.Code.incrementalAuthorizationUnsupported)

                // Requested, but a JCB card.
                let created = try TerminalTestBed.value(
                    try await bed.send(
                        CreateTerminalPaymentIntent(
                            orderReference: TerminalTestBed.order(), amount: 2000, currency: "usd",
                            requestIncrementalAuthorizationSupport: true)), "create")
                _ = try TerminalTestBed.value(
                    try await bed.send(ProcessPayment(reader: reader, paymentIntent: created.paymentIntent)),
                    "process")
                try await bed.present(reader: reader, account: nil, cardNumber: "3566002020360505")
                try await bed.pumpEvents(account: nil)
                _ = try #require(try await bed.authorizedEvent(created.paymentIntent))
                let jcb = try await bed.send(IncrementAuthorization(paymentIntent: created.paymentIntent, amount: 2500))
                #expect(jcb.failure?.code == ReplyError.Code.incrementalAuthorizationUnsupported)
                #expect(bed.requests("POST", "/v1/payment_intents/\(created.paymentIntent)/increment_authorization").isEmpty)
                #expect(try bed.payment(created.paymentIntent)?.amountAuthorized == 2000)
            }
        }
    }
}
