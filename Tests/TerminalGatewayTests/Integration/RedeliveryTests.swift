import StripeSimCore
import Foundation
import Messages
import StripeAPI
import Testing
import TestKit
@testable import TerminalGateway

extension TerminalIntegrationTests {
    /// Redelivered commands never create, authorize or capture twice (counted in the
    /// simulator's request log).
    @Suite("Terminal redelivery")
    struct RedeliveryTests {
        @Test func crashBetweenStripesCaptureAndTheCommitEndsWithOneCapture() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let pi = try await bed.authorized(amount: 1000, reader: reader)
                let command = CapturePayment(paymentIntent: pi, amountToCapture: 700)
                let messageId = Envelope.newMessageId()
                // The first delivery reached Stripe, then the process died before committing.
                let first = try await bed.captureAsCommand(pi, PaymentIntentCaptureParams(amountToCapture: 700), messageId: messageId)
                #expect(first.status == .succeeded)
                #expect(try bed.payment(pi)?.state == .requiresCapture)

                // The broker redelivers the command (twice, for good measure).
                let commands = bed.commands
                try await onThread { try commands.publish(command, messageId: messageId, copies: 2) }
                let reply = try #require(try await onThread { try commands.reply(to: CapturePayment.self, messageId: messageId) })
                let result = try TerminalTestBed.value(reply, "redelivered capture")
                #expect(result.amountCaptured == 700)
                let capturePath = "/v1/payment_intents/\(pi)/capture"
                #expect(bed.performed("POST", capturePath) == 1)
                #expect(bed.requests("POST", capturePath).filter(\.replayed).count == 1)
                #expect(try bed.payment(pi)?.state == .captured)
                #expect(try bed.payment(pi)?.captureKey == "\(messageId):capture")
                #expect(try await bed.wait(TerminalPaymentCaptured.self, pi).count == 1)

                // Any later capture command is a conflict and never reaches Stripe.
                let later = try await bed.send(CapturePayment(paymentIntent: pi, amountToCapture: 700))
                #expect(later.failure?.code == ReplyError.Code.alreadyCaptured)
                #expect(bed.requests("POST", capturePath).count == 2)
            }
        }

        @Test func capturedByStripeEventFirstThenRedeliveredCommandRepliesWithTheCapture() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let pi = try await bed.authorized(amount: 1000, reader: reader)
                let messageId = Envelope.newMessageId()
                try await bed.captureAsCommand(pi, messageId: messageId)
                // payment_intent.succeeded is processed before the command is redelivered.
                try await bed.pumpEvents(account: nil)
                _ = try await bed.wait(TerminalPaymentCaptured.self, pi)
                let commands = bed.commands
                try await onThread { try commands.publish(CapturePayment(paymentIntent: pi), messageId: messageId) }
                let reply = try #require(try await onThread { try commands.reply(to: CapturePayment.self, messageId: messageId) })
                #expect(reply.result?.amountCaptured == 1000)
                #expect(bed.performed("POST", "/v1/payment_intents/\(pi)/capture") == 1)
                #expect(try await bed.events(TerminalPaymentCaptured.self, pi).count == 1)
            }
        }

        /// A late event's re-fetch (or the sweep's) recorded the capture without its key
        /// before the command was redelivered: Stripe's replay of the command's key tells.
        @Test func captureRecordedWithoutItsKeyThenRedeliveredCommandRepliesWithTheCapture() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let pi = try await bed.authorized(amount: 1000, reader: reader)
                let messageId = Envelope.newMessageId()
                try await bed.captureAsCommand(pi, PaymentIntentCaptureParams(amountToCapture: 800), messageId: messageId)
                try await onThread { try bed.recordAsRefetched(pi) }
                #expect(try bed.payment(pi)?.state == .captured)
                #expect(try bed.payment(pi)?.captureKey == nil)

                let commands = bed.commands
                try await onThread { try commands.publish(CapturePayment(paymentIntent: pi, amountToCapture: 800), messageId: messageId) }
                let reply = try #require(try await onThread { try commands.reply(to: CapturePayment.self, messageId: messageId) })
                #expect(try TerminalTestBed.value(reply, "redelivered capture").amountCaptured == 800)
                let capturePath = "/v1/payment_intents/\(pi)/capture"
                #expect(bed.performed("POST", capturePath) == 1)
                #expect(bed.requests("POST", capturePath).filter(\.replayed).count == 1)
                #expect(try bed.payment(pi)?.captureKey == "\(messageId):capture")

                // Another command's key is not replayed: Stripe refuses, the reply says why.
                let other = try await bed.send(CapturePayment(paymentIntent: pi, amountToCapture: 800))
                #expect(other.failure?.code == ReplyError.Code.alreadyCaptured)
            }
        }

        @Test func captureByAnotherRequestRecordedWithoutItsKeyIsAConflict() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let pi = try await bed.authorized(amount: 1000, reader: reader)
                _ = try await onThread {
                    try bed.stripeClient().capturePaymentIntent(pi, options: .idempotent("dashboard:capture"))
                }
                try await onThread { try bed.recordAsRefetched(pi) }
                let reply = try await bed.send(CapturePayment(paymentIntent: pi))
                #expect(reply.failure?.code == ReplyError.Code.alreadyCaptured)
                #expect(bed.performed("POST", "/v1/payment_intents/\(pi)/capture") == 1)
                #expect(try bed.payment(pi)?.captureKey == nil)
            }
        }

        @Test func redeliveredCreateAndProcessCommandsActOnce() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let order = TerminalTestBed.order()
                let commands = bed.commands
                let createId = Envelope.newMessageId()
                let create = CreateTerminalPaymentIntent(orderReference: order, amount: 1000, currency: "usd")
                try await onThread { try commands.publish(create, messageId: createId, copies: 3) }
                let created = try TerminalTestBed.value(
                    try #require(try await onThread { try commands.reply(to: CreateTerminalPaymentIntent.self, messageId: createId) }),
                    "create")
                // A different command for the same order gets the same PaymentIntent.
                let other = try await bed.createPayment(order, amount: 1000)
                #expect(other.paymentIntent == created.paymentIntent)
                #expect(bed.performed("POST", "/v1/payment_intents") == 1)
                #expect(bed.sim.count(objectType: "payment_intent") == 1)

                // The first delivery of process_payment reached Stripe, then the process died.
                let processId = Envelope.newMessageId()
                let processPath = "/v1/terminal/readers/\(reader)/process_payment_intent"
                _ = try await onThread {
                    try bed.stripeClient().processPaymentIntent(
                        reader: reader, ProcessPaymentIntentParams(paymentIntent: created.paymentIntent),
                        options: .idempotent("\(processId):process_payment"))
                }
                let process = ProcessPayment(reader: reader, paymentIntent: created.paymentIntent)
                try await onThread { try commands.publish(process, messageId: processId, copies: 2) }
                let processed = try #require(try await onThread { try commands.reply(to: ProcessPayment.self, messageId: processId) })
                #expect(processed.result?.actionStatus == .inProgress)
                // The copies are handled one after the other; a marker on the same queue comes after them.
                let marker = try await bed.send(ProcessPayment(reader: reader, paymentIntent: "pi_marker"))
                #expect(marker.failure?.code == ReplyError.Code.paymentIntentNotFound)
                #expect(bed.performed("POST", processPath) == 1)
                #expect(bed.requests("POST", processPath).filter(\.replayed).count == 1)
                #expect(try bed.payment(created.paymentIntent)?.state == .processing)
                try await bed.present(reader: reader, account: nil)
                try await bed.pumpEvents(account: nil)
                #expect(try await bed.authorizedEvent(created.paymentIntent) != nil)
                // Another process command after the authorization is refused, not re-run.
                let again = try await bed.send(ProcessPayment(reader: reader, paymentIntent: created.paymentIntent))
                #expect(again.failure?.code == ReplyError.Code.invalidState)
                #expect(bed.performed("POST", processPath) == 1)
            }
        }
    }
}
