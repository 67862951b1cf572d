import StripeSimCore
import Messages
import Testing
import TestKit
@testable import TerminalGateway

extension TerminalIntegrationTests {
    /// PaymentIntents the point-of-sale app created itself (Terminal SDK), which the gateway
    /// learns of from a command or a Stripe event, and the fee set at capture.
    @Suite("App-created PaymentIntents and the fee at capture")
    struct AppCreatedPaymentTests {
        @Test func appCreatedPaymentIntentIsCapturedWithACorrectedFee() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let order = TerminalTestBed.order()
                let pi = try await bed.appCreatedPaymentIntent(amount: 2000, account: account, fee: 100, order: order)
                try await bed.appCollects(pi, reader: reader, account: account)
                #expect(try bed.payment(pi) == nil)

                // A fee above the captured total: refused before Stripe, nothing recorded.
                let tooHigh = try await bed.send(
                    CapturePayment(
                        paymentIntent: pi, amountToCapture: 2400, account: account,
                        applicationFeeAmount: 2401))
                #expect(tooHigh.failure?.code == ReplyError.Code.feeExceedsAmount)
                #expect(try bed.payment(pi) == nil)
                #expect(bed.requests("POST", "/v1/payment_intents/\(pi)/capture").isEmpty)

                // Another account's PaymentIntent is not found there; nothing recorded.
                let other = try await bed.connectedAccount()
                let foreign = try await bed.send(CapturePayment(paymentIntent: pi, account: other))
                #expect(foreign.failure?.code == ReplyError.Code.paymentIntentNotFound)
                #expect(try bed.payment(pi) == nil)

                // A tip on top (2000 + 400) with the fee recomputed by the point of sale.
                let captured = try TerminalTestBed.value(
                    try await bed.send(
                        CapturePayment(
                            paymentIntent: pi, amountToCapture: 2400, account: account,
                            applicationFeeAmount: 240)), "capture")
                #expect(captured.amountCaptured == 2400)
                #expect(captured.amountAuthorized == 2000)
                #expect(captured.applicationFeeAmount == 240)
                let recorded = try #require(try bed.payment(pi))
                #expect(recorded.orderReference == order)
                #expect(recorded.account == account)
                #expect(recorded.state == .captured)
                let event = try #require(try await bed.wait(TerminalPaymentCaptured.self, pi).first)
                #expect(event.applicationFeeAmount == 240)
                #expect(event.orderReference == order)
                let request = try #require(bed.requests("POST", "/v1/payment_intents/\(pi)/capture").first)
                #expect(request.params["application_fee_amount"]?.stringValue == "240")
                let corrected = try #require(try await bed.wait(TerminalPaymentFeeCorrected.self, pi).first)
                #expect(corrected.reason == .command)
                #expect(corrected.applicationFeeAmountBefore == 100)
                #expect(corrected.applicationFeeAmount == 240)

                // Stripe's events arrive later; a second capture is refused, never sent twice.
                try await bed.pumpEvents(account: account)
                let second = try await bed.send(CapturePayment(paymentIntent: pi, account: account))
                #expect(second.failure?.code == ReplyError.Code.alreadyCaptured)
                #expect(bed.performed("POST", "/v1/payment_intents/\(pi)/capture") == 1)
                #expect(try await bed.events(TerminalPaymentCaptured.self, pi).count == 1)
                #expect(try await bed.events(TerminalPaymentAuthorized.self, pi).count == 1)
            }
        }

        @Test func onlinePaymentIntentIsRefusedAsNotCardPresent() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let pi = try await bed.appCreatedPaymentIntent(amount: 1500, account: account, types: ["card"])
                let capture = try await bed.send(CapturePayment(paymentIntent: pi, account: account))
                #expect(capture.failure?.code == ReplyError.Code.notCardPresent)
                let cancel = try await bed.send(CancelPayment(paymentIntent: pi, account: account))
                #expect(cancel.failure?.code == ReplyError.Code.notCardPresent)
                #expect(try bed.payment(pi) == nil)
                #expect(bed.requests("POST", "/v1/payment_intents/\(pi)/cancel").isEmpty)
            }
        }

        @Test func offlineForwardedPaymentIsRecordedFromItsEvents() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let pi = try await bed.appCreatedPaymentIntent(amount: 3100, account: account)
                try await bed.appCollects(pi, reader: reader, account: account)
                // The events come first (the payment was forwarded hours after the sale).
                try await bed.pumpEvents(account: account)
                let authorized = try #require(try await bed.authorizedEvent(pi))
                #expect(authorized.amount == 3100)
                #expect(authorized.orderReference == pi)
                #expect(authorized.account == account)
                let recorded = try #require(try bed.payment(pi))
                #expect(recorded.state == .requiresCapture)
                #expect(recorded.reader == reader)
                // Then the capture command: the recorded payment, one capture.
                let captured = try TerminalTestBed.value(
                    try await bed.send(CapturePayment(paymentIntent: pi, account: account)),
                    "capture")
                #expect(captured.amountCaptured == 3100)
                try await bed.pumpEvents(account: account)
                #expect(try await bed.wait(TerminalPaymentCaptured.self, pi).count == 1)
                #expect(try await bed.events(TerminalPaymentAuthorized.self, pi).count == 1)
            }
        }

        @Test func appCreatedPaymentIntentIsCanceledAndRecorded() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let pi = try await bed.appCreatedPaymentIntent(amount: 1200, account: account, order: TerminalTestBed.order())
                try await bed.appCollects(pi, reader: reader, account: account)
                let canceled = try TerminalTestBed.value(
                    try await bed.send(CancelPayment(paymentIntent: pi, cancellationReason: .abandoned, account: account)), "cancel")
                #expect(canceled.status == .canceled)
                #expect(try bed.payment(pi)?.state == .canceled)
                #expect(try await bed.wait(TerminalPaymentCanceled.self, pi).count == 1)
                let capture = try await bed.send(CapturePayment(paymentIntent: pi, account: account))
                #expect(capture.failure?.code == ReplyError.Code.invalidState)
                let again = try TerminalTestBed.value(try await bed.send(CancelPayment(paymentIntent: pi, account: account)), "cancel again")
                #expect(again.status == .canceled)
                #expect(bed.performed("POST", "/v1/payment_intents/\(pi)/cancel") == 1)
            }
        }

        @Test func feePolicyRecomputesTheFeeOfATip() async throws {
            let settings = TerminalGatewaySettings(captureFeePolicy: CaptureFeePolicy(percent: 10, fixed: 30))
            try await TerminalTestBed.run(settings: settings) { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let order = TerminalTestBed.order()
                let created = try await bed.createPayment(order, amount: 2000, account: account, fee: 230)
                try await bed.attempt(created.paymentIntent, reader: reader, account: account)
                _ = try #require(try await bed.authorizedEvent(created.paymentIntent))
                // 2000 + 500 tip: 10 % of 2500 + 30 = 280.
                let captured = try TerminalTestBed.value(
                    try await bed.send(CapturePayment(paymentIntent: created.paymentIntent, amountToCapture: 2500, account: account)),
                    "capture with tip")
                #expect(captured.applicationFeeAmount == 280)
                let event = try #require(try await bed.wait(TerminalPaymentCaptured.self, created.paymentIntent).first)
                #expect(event.applicationFeeAmount == 280)
                #expect(event.amountCaptured == 2500)
            }
        }

        @Test func reconciliationRecordsAndCapturesAnAppCreatedPaymentIntent() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let order = TerminalTestBed.order()
                let pi = try await bed.appCreatedPaymentIntent(amount: 1800, account: account, order: order)
                try await bed.appCollects(pi, reader: reader, account: account)
                let online = try await bed.appCreatedPaymentIntent(amount: 900, account: account, types: ["card"])
                _ = try TerminalTestBed.value(try await bed.send(CompleteOrder(orderReference: order)), "complete")
                let result = try TerminalTestBed.value(
                    try await bed.send(Reconcile(account: account, paymentIntents: [pi, online])), "reconcile")
                #expect(result.captured == 1)
                #expect(result.payments.first { $0.paymentIntent == pi }?.action == .captured)
                let refused = try #require(result.payments.first { $0.paymentIntent == online })
                #expect(refused.action == .left)
                #expect(refused.reason.hasPrefix(ReplyError.Code.notCardPresent))
                #expect(try bed.payment(pi)?.state == .captured)
                #expect(try bed.payment(online) == nil)
                #expect(try await bed.wait(TerminalPaymentCaptured.self, pi).first?.amountCaptured == 1800)
                #expect(bed.performed("POST", "/v1/payment_intents/\(pi)/capture") == 1)
            }
        }
    }
}
