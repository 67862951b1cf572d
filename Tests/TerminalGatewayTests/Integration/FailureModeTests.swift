import StripeSimCore
import Foundation
import Messages
import Testing
import TestKit
@testable import TerminalGateway

extension TerminalIntegrationTests {
    /// Bad input and refused operations get clear reply errors with stable codes.
    @Suite("Terminal failure modes")
    struct FailureModeTests {
        @Test func unknownReaderAndPaymentIntentAndBusyReader() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let created = try await bed.createPayment(TerminalTestBed.order(), amount: 1000)
                let noReader = try await bed.send(ProcessPayment(reader: "tmr_doesnotexist", paymentIntent: created.paymentIntent))
                #expect(noReader.failure?.code == ReplyError.Code.readerNotFound)
                let noIntent = try await bed.send(CapturePayment(paymentIntent: "pi_doesnotexist"))
                #expect(noIntent.failure?.code == ReplyError.Code.paymentIntentNotFound)
                let noIntentToProcess = try await bed.send(ProcessPayment(reader: reader, paymentIntent: "pi_doesnotexist"))
                #expect(noIntentToProcess.failure?.code == ReplyError.Code.paymentIntentNotFound)

                // Not authorized yet: nothing to capture.
                let early = try await bed.send(CapturePayment(paymentIntent: created.paymentIntent))
                #expect(early.failure?.code == ReplyError.Code.invalidState)

                _ = try TerminalTestBed.value(
                    try await bed.send(ProcessPayment(reader: reader, paymentIntent: created.paymentIntent)),
                    "process")
                let second = try await bed.createPayment(TerminalTestBed.order(), amount: 2000)
                let busy = try await bed.send(ProcessPayment(reader: reader, paymentIntent: second.paymentIntent))
                #expect(busy.failure?.code == ReplyError.Code.readerBusy)

                // Canceling the reader's action frees both the reader and the PaymentIntent.
                let canceled = try TerminalTestBed.value(try await bed.send(CancelReaderAction(reader: reader)), "cancel action")
                #expect(canceled.reader == reader)
                #expect(try bed.payment(created.paymentIntent)?.state == .requiresPaymentMethod)
                let nothing = try await bed.send(CancelReaderAction(reader: reader))
                #expect(nothing.failure?.code == ReplyError.Code.invalidState)
                #expect(bed.sim.count(objectType: "payment_intent") == 2)
            }
        }

        @Test func anOfflineReaderIsAnsweredAtOnceAndThePaymentCanGoToAnotherReader() async throws {
            try await TerminalTestBed.run { bed in
                let offline = try await bed.reader()
                let created = try await bed.createPayment(TerminalTestBed.order(), amount: 1000)
                bed.sim.setReaderStatus(offline, online: false)
                let refused = try await bed.send(ProcessPayment(reader: offline, paymentIntent: created.paymentIntent))
                #expect(refused.failure?.code == ReplyError.Code.readerOffline)
                let calls = bed.requests("POST", "/v1/terminal/readers/\(offline)/process_payment_intent")
                #expect(calls.map(\.status) == [400])  // Answered at once, not retried.
                #expect(try bed.payment(created.paymentIntent)?.state == .requiresPaymentMethod)
                let other = try await bed.reader()
                let started = try TerminalTestBed.value(
                    try await bed.send(ProcessPayment(reader: other, paymentIntent: created.paymentIntent)), "process")
                #expect(started.reader == other)
                #expect(try bed.payment(created.paymentIntent)?.state == .processing)
            }
        }

        @Test func captureAfterTheAuthorizationExpired() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let pi = try await bed.authorized(amount: 1000, reader: reader)
                bed.sim.advanceClock(bySeconds: TerminalPaymentMachine.captureWindowSeconds + 1)
                let late = try await bed.send(CapturePayment(paymentIntent: pi))
                #expect(late.failure?.code == ReplyError.Code.authorizationExpired)
                #expect(bed.performed("POST", "/v1/payment_intents/\(pi)/capture") == 0)
                let canceled = try #require(try await bed.wait(TerminalPaymentCanceled.self, pi).first)
                #expect(canceled.cancellationReason == "automatic")
                let again = try await bed.send(CapturePayment(paymentIntent: pi))
                #expect(again.failure?.code == ReplyError.Code.authorizationExpired)
            }
        }

        @Test func amountsThatAreNotIntegersAreRefused() async throws {
            try await TerminalTestBed.run { bed in
                let commands = bed.commands
                let json = #"{"order_reference":"o-1","amount":10.5,"currency":"usd"}"#
                let answer = try await onThread { try commands.sendRaw(type: CreateTerminalPaymentIntent.messageName, json: json) }
                let envelope = try #require(answer.reply)
                let reply = try MessageCoder.decode(Reply<CreateTerminalPaymentIntent.Result>.self, from: envelope.body)
                #expect(reply.failure?.code == ReplyError.Code.wrongType)
                let negative = try await bed.send(CreateTerminalPaymentIntent(orderReference: "o-2", amount: -5, currency: "usd"))
                #expect(negative.failure?.code == ReplyError.Code.invalidAmount)
                #expect(bed.sim.count(objectType: "payment_intent") == 0)
                // The poison messages were parked in the DLQ; take them out again.
                _ = try await onThread { try bed.takeDeadLetters(queue: CreateTerminalPaymentIntent.messageName, count: 2) }
            }
        }
    }
}
