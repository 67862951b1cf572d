import Foundation
import Messages
import PaymentsService
import StripeSimCore
import Testing
import TestKit

extension PaymentsIntegrationTests {
    @Suite("Balances")
    struct Balances {
        private func balance(_ bed: PaymentsTestBed, _ account: String) async throws -> (available: [Int], pending: [Int]) {
            let result = try unwrap(try await bed.send(GetBalance(account: account)))
            #expect(result.available.map(\.currency) == ["usd"] && result.pending.map(\.currency) == ["usd"])
            return (result.available.map(\.amount), result.pending.map(\.amount))
        }

        @Test("the seller's balance follows charges (pending, then available on the simulator's clock), fees, refunds and disputes")
        func followsTheMoney() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let paid = try unwrap(
                    try await bed.send(
                        ConfirmPayment(
                            account: account, orderReference: PaymentsTestBed.orderReference(), amount: 5000, currency: "usd",
                            paymentMethod: "pm_card_visa", applicationFeeAmount: 500)))
                #expect(paid.status == .succeeded)
                var now = try await balance(bed, account)
                #expect(now.available == [0] && now.pending == [4500])  // the charge less the platform's fee
                let read = try #require(bed.requests("GET", "/v1/balance").last)
                #expect(read.account == account)

                bed.sim.advanceClock(bySeconds: 2 * 86_400)
                now = try await balance(bed, account)
                #expect(now.available == [4500] && now.pending == [0])

                // A refund of 1000 with the fee in proportion (100 back to the seller).
                _ = try unwrap(
                    try await bed.send(RefundPayment(account: account, orderReference: paid.orderReference, amount: 1000, refundApplicationFee: true))
                )
                now = try await balance(bed, account)
                #expect(now.available == [3600])

                // A disputed payment: its funds pending, the withdrawal and Stripe's fee taken at once.
                let disputed = try unwrap(
                    try await bed.send(
                        ConfirmPayment(
                            account: account, orderReference: PaymentsTestBed.orderReference(), amount: 2000, currency: "usd",
                            paymentMethod: "pm_card_createDispute", applicationFeeAmount: 200)))
                let sim = bed.sim
                #expect(
                    try await eventually { sim.objects(type: "dispute").contains { $0["payment_intent"]?.stringValue == disputed.paymentIntent } })
                now = try await balance(bed, account)
                #expect(now.available == [3600 - 2000 - 1500] && now.pending == [1800])
            }
        }

        @Test("bad input: an account that is not an acct_ id is refused before Stripe is called")
        func refused() async throws {
            try await PaymentsTestBed.run { bed in
                let refused = try await bed.sendRaw(type: GetBalance.messageName, json: #"{"account":"cus_1"}"#)
                #expect(refused?.code == ReplyError.Code.invalidId)
                #expect(bed.requests("GET", "/v1/balance").isEmpty)
            }
        }
    }
}
