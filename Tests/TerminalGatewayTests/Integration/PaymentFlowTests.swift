import StripeSimCore
import Messages
import Testing
import TestKit
@testable import TerminalGateway

extension TerminalIntegrationTests {
    /// In-person payments end to end: the gateway's commands, the simulated reader, the
    /// Stripe events re-published as the notifications service does, the gateway's events.
    @Suite("Terminal payment flows")
    struct PaymentFlowTests {
        @Test func approvedAmountIsAuthorizedThenCapturedOnce() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let token = try TerminalTestBed.value(try await bed.send(CreateConnectionToken(account: account)), "token")
                #expect(token.secret.hasPrefix("pst_test_"))
                let readers = try TerminalTestBed.value(try await bed.send(ListReaders(account: account)), "list_readers")
                #expect(readers.readers.map(\.reader) == [reader])

                let order = TerminalTestBed.order()
                let created = try await bed.createPayment(order, amount: 2000, account: account, fee: 150)
                #expect(!created.reused)
                #expect(created.status == .requiresPaymentMethod)
                #expect(created.captureMethod == .manual)
                #expect(created.clientSecret.contains("_secret_"))
                let again = try await bed.createPayment(order, amount: 2000, account: account, fee: 150)
                #expect(again.reused)
                #expect(again.paymentIntent == created.paymentIntent)

                try await bed.attempt(created.paymentIntent, reader: reader, account: account)
                let authorized = try #require(try await bed.authorizedEvent(created.paymentIntent))
                #expect(authorized.amount == 2000)
                #expect(authorized.orderReference == order)
                #expect(authorized.account == account)
                #expect(authorized.reader == reader)
                #expect(authorized.overcaptureSupported == true)
                #expect(authorized.captureBefore.map { $0 - authorized.occurredAt } ?? 0 > 86_400)
                #expect(try bed.payment(created.paymentIntent)?.state == .requiresCapture)

                let captured = try TerminalTestBed.value(
                    try await bed.send(CapturePayment(paymentIntent: created.paymentIntent, account: account)), "capture")
                #expect(captured.amountCaptured == 2000)
                #expect(captured.amountAuthorized == 2000)
                #expect(captured.status == .succeeded)
                let second = try await bed.send(CapturePayment(paymentIntent: created.paymentIntent, account: account))
                #expect(second.failure?.code == ReplyError.Code.alreadyCaptured)

                // Stripe's payment_intent.succeeded arrives too: nothing is published twice.
                try await bed.pumpEvents(account: account)
                let capturePath = "/v1/payment_intents/\(created.paymentIntent)/capture"
                let events = try await bed.wait(TerminalPaymentCaptured.self, created.paymentIntent)
                #expect(events.count == 1)
                #expect(events.first?.applicationFeeAmount == 150)
                #expect(bed.performed("POST", capturePath) == 1)
                #expect(bed.sim.count(objectType: "payment_intent") == 1)
                #expect(try await bed.events(TerminalPaymentAuthorized.self, created.paymentIntent).count == 1)
            }
        }

        @Test func onReceiptTipIsCapturedWithinTheOvercaptureLimitOnly() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let pi = try await bed.authorized(amount: 1000, reader: reader)
                // 1000 authorized: at most 1000 + max(500, 5000) = 6000.
                let beyond = try await bed.send(CapturePayment(paymentIntent: pi, amountToCapture: 6001))
                #expect(beyond.failure?.code == ReplyError.Code.captureExceedsAuthorized)
                #expect(bed.requests("POST", "/v1/payment_intents/\(pi)/capture").isEmpty)
                let within = try TerminalTestBed.value(
                    try await bed.send(CapturePayment(paymentIntent: pi, amountToCapture: 6000)),
                    "capture with tip")
                #expect(within.amountCaptured == 6000)
                #expect(within.amountAuthorized == 1000)
                #expect(bed.performed("POST", "/v1/payment_intents/\(pi)/capture") == 1)
                let event = try #require(try await bed.wait(TerminalPaymentCaptured.self, pi).first)
                #expect(event.amountCaptured == 6000)

                // A large authorization allows half of it on top.
                let large = try await bed.authorized(amount: 20000, reader: reader)
                let tooMuch = try await bed.send(CapturePayment(paymentIntent: large, amountToCapture: 30001))
                #expect(tooMuch.failure?.code == ReplyError.Code.captureExceedsAuthorized)
                let fine = try TerminalTestBed.value(
                    try await bed.send(CapturePayment(paymentIntent: large, amountToCapture: 30000)),
                    "large tip")
                #expect(fine.amountCaptured == 30000)
            }
        }

        @Test func declineAmountsAreDeclinedAndTheSamePaymentIntentIsApprovedLater() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let codes = [
                    1001: "call_issuer", 1005: "generic_decline", 1055: "incorrect_pin",
                    1065: "withdrawal_count_limit_exceeded", 1075: "pin_try_exceeded",
                ]
                var orders: [Int: (order: String, pi: String)] = [:]
                for amount in codes.keys.sorted() {
                    let order = TerminalTestBed.order()
                    let created = try await bed.createPayment(order, amount: amount)
                    try await bed.attempt(created.paymentIntent, reader: reader)
                    let declined = try #require(try await bed.wait(TerminalPaymentDeclined.self, created.paymentIntent).first)
                    #expect(declined.declineCode == codes[amount])
                    #expect(declined.failureCode == "card_declined")
                    #expect(declined.amount == amount)
                    #expect(try bed.payment(created.paymentIntent)?.state == .requiresPaymentMethod)
                    orders[amount] = (order, created.paymentIntent)
                }
                #expect(bed.sim.count(objectType: "payment_intent") == 5)

                // The cashier corrects the amount: the same order keeps its PaymentIntent.
                let first = try #require(orders[1005])
                let retried = try await bed.createPayment(first.order, amount: 1000)
                #expect(retried.reused)
                #expect(retried.paymentIntent == first.pi)
                #expect(retried.amount == 1000)
                try await bed.attempt(first.pi, reader: reader)
                let authorized = try #require(try await bed.authorizedEvent(first.pi))
                #expect(authorized.amount == 1000)
                #expect(bed.sim.count(objectType: "payment_intent") == 5)
                #expect(try await bed.events(TerminalPaymentDeclined.self, first.pi).count == 1)
            }
        }

        @Test func partialCaptureAndCancel() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let partial = try await bed.authorized(amount: 1000, reader: reader)
                let captured = try TerminalTestBed.value(
                    try await bed.send(CapturePayment(paymentIntent: partial, amountToCapture: 600)),
                    "partial capture")
                #expect(captured.amountCaptured == 600)
                #expect(captured.amountAuthorized == 1000)
                #expect(try bed.payment(partial)?.amountCaptured == 600)

                let canceled = try await bed.authorized(amount: 1500, reader: reader)
                let reply = try TerminalTestBed.value(
                    try await bed.send(
                        CancelPayment(
                            paymentIntent: canceled,
                            cancellationReason: .requestedByCustomer)),
                    "cancel")
                #expect(reply.status == .canceled)
                let event = try #require(try await bed.wait(TerminalPaymentCanceled.self, canceled).first)
                #expect(event.cancellationReason == "requested_by_customer")
                #expect(event.amount == 1500)
                let again = try await bed.send(CancelPayment(paymentIntent: canceled))
                #expect(again.result?.status == .canceled)
                let late = try await bed.send(CapturePayment(paymentIntent: canceled))
                #expect(late.failure?.code == ReplyError.Code.invalidState)
                let cancelCaptured = try await bed.send(CancelPayment(paymentIntent: partial))
                #expect(cancelCaptured.failure?.code == ReplyError.Code.alreadyCaptured)
                try await bed.pumpEvents(account: nil)
                #expect(try await bed.events(TerminalPaymentCanceled.self, canceled).count == 1)
                #expect(bed.performed("POST", "/v1/payment_intents/\(canceled)/cancel") == 1)
            }
        }

        @Test func automaticCaptureIsCapturedWithoutAnAuthorizationStep() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let created = try await bed.createPayment(TerminalTestBed.order(), amount: 900, captureMethod: .automatic)
                #expect(created.captureMethod == .automatic)
                try await bed.attempt(created.paymentIntent, reader: reader)
                let captured = try #require(try await bed.wait(TerminalPaymentCaptured.self, created.paymentIntent).first)
                #expect(captured.amountCaptured == 900)
                #expect(try await bed.events(TerminalPaymentAuthorized.self, created.paymentIntent).isEmpty)
                #expect(try bed.payment(created.paymentIntent)?.state == .captured)
                #expect(bed.requests("POST", "/v1/payment_intents/\(created.paymentIntent)/capture").isEmpty)
            }
        }

        @Test func captureBeforeTheAuthorizationEventArrivesAsksStripe() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let created = try await bed.createPayment(TerminalTestBed.order(), amount: 1000)
                _ = try TerminalTestBed.value(
                    try await bed.send(ProcessPayment(reader: reader, paymentIntent: created.paymentIntent)),
                    "process")
                try await bed.present(reader: reader, account: nil)
                // No Stripe event re-published yet: the gateway still has the payment processing.
                #expect(try bed.payment(created.paymentIntent)?.state == .processing)
                let captured = try TerminalTestBed.value(
                    try await bed.send(CapturePayment(paymentIntent: created.paymentIntent)),
                    "capture")
                #expect(captured.amountCaptured == 1000)
                #expect(try await bed.wait(TerminalPaymentAuthorized.self, created.paymentIntent).count == 1)
                #expect(try await bed.wait(TerminalPaymentCaptured.self, created.paymentIntent).count == 1)
                // The late events change nothing.
                try await bed.pumpEvents(account: nil)
                let marker = try await bed.authorized(amount: 1100, reader: reader)
                #expect(!marker.isEmpty)
                #expect(try await bed.events(TerminalPaymentAuthorized.self, created.paymentIntent).count == 1)
                #expect(try await bed.events(TerminalPaymentCaptured.self, created.paymentIntent).count == 1)
            }
        }
    }
}
