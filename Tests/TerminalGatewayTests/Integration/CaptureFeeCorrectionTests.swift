import StripeSimCore
import Messages
import StripeAPI
import Testing
import TestKit
@testable import TerminalGateway

extension TerminalIntegrationTests {
    /// The fee policy checked on every capture path (command, reconciliation, PaymentIntents
    /// the app created) and `terminal.payment.fee_corrected`.
    @Suite("The fee checked on every capture")
    struct CaptureFeeCorrectionTests {
        /// 10 % + 30: a full capture of 2000 carries 230.
        static let settings = TerminalGatewaySettings(captureFeePolicy: CaptureFeePolicy(percent: 10, fixed: 30))

        @Test func aFullCaptureCorrectsTheFeeTheAppSetAndAnnouncesIt() async throws {
            try await TerminalTestBed.run(settings: Self.settings) { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let pi = try await bed.appCreatedPaymentIntent(amount: 2000, account: account, fee: 1, order: TerminalTestBed.order())
                try await bed.appCollects(pi, reader: reader, account: account)
                // Published twice with one message id: the redelivery is absorbed.
                let messageId = Envelope.newMessageId(), commands = bed.commands
                let command = CapturePayment(paymentIntent: pi, account: account)
                try await onThread { try commands.publish(command, messageId: messageId, copies: 2) }
                let reply = try #require(try await onThread { try commands.reply(to: CapturePayment.self, messageId: messageId) })
                let captured = try TerminalTestBed.value(reply, "capture")
                #expect(captured.applicationFeeAmount == 230)
                let request = try #require(bed.requests("POST", "/v1/payment_intents/\(pi)/capture").first)
                #expect(request.params["application_fee_amount"]?.stringValue == "230")
                #expect(bed.sim.object(id: pi)?["application_fee_amount"]?.intValue == 230)
                let corrected = try #require(try await bed.wait(TerminalPaymentFeeCorrected.self, pi).first)
                #expect(corrected.applicationFeeAmountBefore == 1)
                #expect(corrected.applicationFeeAmount == 230)
                #expect(corrected.reason == .appFee)
                #expect(corrected.capturedBy == .command)
                #expect(corrected.amountCaptured == 2000)
                #expect(corrected.account == account)
                // Another capture is refused; nothing announced twice.
                #expect(try await bed.send(command).failure?.code == ReplyError.Code.alreadyCaptured)
                try await bed.pumpEvents(account: account)
                #expect(try await bed.wait(TerminalPaymentCaptured.self, pi).count == 1)
                #expect(try await bed.events(TerminalPaymentFeeCorrected.self, pi).count == 1)
                #expect(bed.performed("POST", "/v1/payment_intents/\(pi)/capture") == 1)
            }
        }

        /// The first delivery sent the policy's fee (the PaymentIntent had none) and died
        /// before its commit; a re-fetch then recorded the capture, with that fee and no key.
        /// The redelivery's fee decision no longer sees a missing fee: Stripe refuses its
        /// parameters for the key, and the capture sent again with the fee the record holds
        /// is Stripe's replay.
        @Test func aRedeliveredCaptureIsReplayedWithTheFeeItsFirstDeliverySent() async throws {
            try await TerminalTestBed.run(settings: Self.settings) { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let created = try await bed.createPayment(TerminalTestBed.order(), amount: 2000, account: account)
                let pi = created.paymentIntent
                try await bed.attempt(pi, reader: reader, account: account)
                _ = try #require(try await bed.authorizedEvent(pi))
                let messageId = Envelope.newMessageId()
                try await bed.captureAsCommand(
                    pi, PaymentIntentCaptureParams(applicationFeeAmount: 230), messageId: messageId, account: account)
                try await onThread { try bed.recordAsRefetched(pi) }
                #expect(try bed.payment(pi)?.applicationFeeAmount == 230)

                let commands = bed.commands
                let command = CapturePayment(paymentIntent: pi, account: account)
                try await onThread { try commands.publish(command, messageId: messageId) }
                let reply = try #require(try await onThread { try commands.reply(to: CapturePayment.self, messageId: messageId) })
                let captured = try TerminalTestBed.value(reply, "redelivered capture")
                #expect(captured.amountCaptured == 2000)
                #expect(captured.applicationFeeAmount == 230)
                let requests = bed.requests("POST", "/v1/payment_intents/\(pi)/capture")
                #expect(requests.map(\.status) == [200, 400, 200])
                #expect(requests.last?.replayed == true)
                #expect(bed.performed("POST", "/v1/payment_intents/\(pi)/capture") == 1)
                #expect(try bed.payment(pi)?.captureKey == "\(messageId):capture")
            }
        }

        @Test func aFullCaptureKeepsTheFeeThePlatformCreatedItWith() async throws {
            try await TerminalTestBed.run(settings: Self.settings) { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let created = try await bed.createPayment(TerminalTestBed.order(), amount: 2000, account: account, fee: 150)
                try await bed.attempt(created.paymentIntent, reader: reader, account: account)
                _ = try #require(try await bed.authorizedEvent(created.paymentIntent))
                let captured = try TerminalTestBed.value(
                    try await bed.send(CapturePayment(paymentIntent: created.paymentIntent, account: account)), "capture")
                #expect(captured.applicationFeeAmount == 150)
                let request = try #require(bed.requests("POST", "/v1/payment_intents/\(created.paymentIntent)/capture").first)
                #expect(request.params["application_fee_amount"] == nil)
                _ = try await bed.wait(TerminalPaymentCaptured.self, created.paymentIntent)
                #expect(try await bed.events(TerminalPaymentFeeCorrected.self, created.paymentIntent).isEmpty)
            }
        }

        @Test func reconciliationSetsTheMissingFeeAndCorrectsTheAppsFee() async throws {
            try await TerminalTestBed.run(settings: Self.settings) { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                // The gateway's own PaymentIntent, created without a fee; an app's with its own fee.
                let ownOrder = TerminalTestBed.order(), appOrder = TerminalTestBed.order()
                let own = try await bed.authorized(amount: 2000, reader: reader, account: account, order: ownOrder)
                let app = try await bed.appCreatedPaymentIntent(amount: 1000, account: account, fee: 500, order: appOrder)
                try await bed.appCollects(app, reader: reader, account: account)
                for order in [ownOrder, appOrder] {
                    _ = try TerminalTestBed.value(try await bed.send(CompleteOrder(orderReference: order)), "complete")
                }
                let command = Reconcile(account: account, paymentIntents: [app])
                let result = try TerminalTestBed.value(try await bed.send(command), "reconcile")
                #expect(result.captured == 2)
                #expect(bed.requests("POST", "/v1/payment_intents/\(own)/capture").first?.params["application_fee_amount"]?.stringValue == "230")
                #expect(bed.requests("POST", "/v1/payment_intents/\(app)/capture").first?.params["application_fee_amount"]?.stringValue == "130")
                let ownFix = try #require(try await bed.wait(TerminalPaymentFeeCorrected.self, own).first)
                #expect(ownFix.reason == .missingFee)
                #expect(ownFix.applicationFeeAmountBefore == nil)
                #expect(ownFix.applicationFeeAmount == 230)
                #expect(ownFix.capturedBy == .reconciliation)
                let appFix = try #require(try await bed.wait(TerminalPaymentFeeCorrected.self, app).first)
                #expect(appFix.reason == .appFee)
                #expect(appFix.applicationFeeAmountBefore == 500)
                #expect(appFix.applicationFeeAmount == 130)
                #expect(try await bed.wait(TerminalPaymentCaptured.self, app).first?.applicationFeeAmount == 130)
                // The run again (redelivery): nothing captured or announced twice.
                _ = try await bed.send(command)
                #expect(bed.performed("POST", "/v1/payment_intents/\(own)/capture") == 1)
                #expect(try await bed.events(TerminalPaymentFeeCorrected.self, own).count == 1)
                #expect(try await bed.events(TerminalPaymentFeeCorrected.self, app).count == 1)
            }
        }
    }
}
