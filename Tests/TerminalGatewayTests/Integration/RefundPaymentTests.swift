import Messages
import Testing
import TestKit
@testable import TerminalGateway

extension TerminalIntegrationTests {
    /// `terminal.refund_payment` for captured card-present payments.
    @Suite("Card-present refunds")
    struct RefundPaymentTests {
        @Test func aCapturedPaymentIsRefundedOnlyUpToWhatIsLeft() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let pi = try await bed.authorized(amount: 2000, reader: reader, account: account)
                let early = try await bed.send(TerminalRefundPayment(paymentIntent: pi, account: account))
                #expect(early.failure?.code == ReplyError.Code.invalidState)
                _ = try TerminalTestBed.value(try await bed.send(CapturePayment(paymentIntent: pi, account: account)), "capture")

                let part = try TerminalTestBed.value(
                    try await bed.send(TerminalRefundPayment(paymentIntent: pi, amount: 500, account: account, reason: .requestedByCustomer)),
                    "refund part")
                #expect(part.amount == 500)
                #expect(part.refund.hasPrefix("re_"))
                let tooMuch = try await bed.send(TerminalRefundPayment(paymentIntent: pi, amount: 1501, account: account))
                #expect(tooMuch.failure?.code == ReplyError.Code.refundExceedsAmount)
                let rest = try TerminalTestBed.value(
                    try await bed.send(TerminalRefundPayment(paymentIntent: pi, account: account)),
                    "refund the rest")
                #expect(rest.amount == 1500)
                let again = try await bed.send(TerminalRefundPayment(paymentIntent: pi, account: account))
                #expect(again.failure?.code == "conflict.already_refunded")
                #expect(bed.performed("POST", "/v1/refunds") == 2)
            }
        }

        @Test func anOnlinePaymentIsNotRefundedHere() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let pi = try await bed.appCreatedPaymentIntent(amount: 1500, account: account, types: ["card"])
                let refused = try await bed.send(TerminalRefundPayment(paymentIntent: pi, account: account))
                #expect(refused.failure?.code == ReplyError.Code.notCardPresent)
                #expect(bed.requests("POST", "/v1/refunds").isEmpty)
            }
        }
    }
}
