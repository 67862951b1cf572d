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

        /// A payment of 20.00 USD with Stripe's dispute card (disputed at once: the amount and the 15.00 fee withdrawn).
        private func disputedPayment(_ bed: PaymentsTestBed, _ account: String, fee: Int?) async throws {
            _ = try unwrap(
                try await bed.send(
                    ConfirmPayment(
                        account: account, orderReference: PaymentsTestBed.orderReference(), amount: 2000, currency: "usd",
                        paymentMethod: "pm_card_createDispute", applicationFeeAmount: fee)))
        }

        /// The simulator's `balance.available` events of `account`, oldest first, as notifications re-publishes them.
        private func balanceEvents(_ bed: PaymentsTestBed, _ account: String) -> [Envelope] {
            bed.sim.events(account: account).reversed().filter { $0["type"]?.stringValue == "balance.available" }.map { event in
                let id = event["id"]?.stringValue ?? ""
                return Envelope(
                    messageId: "stripe:\(id)", type: "stripe.balance.available", appId: "notifications",
                    headers: MessageHeaders(stripeAccount: account, extra: ["x-stripe-event-id": id]), body: event.serialized())
            }
        }

        private func published<E: EventMessage>(_ bed: PaymentsTestBed, _ type: E.Type, account: String) throws -> [E] {
            bed.monitor.all.filter { $0.type == E.messageName && $0.headers.stripeAccount == account }.compactMap { try? $0.decode(E.self) }
        }

        @Test(
            "balance.available: payments.balance.updated for each newer balance; a negative one of a platform-liable seller also payments.balance.negative"
        )
        func balanceEventsArePublished() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.seller(lossesPayments: "application")
                // A disputed payment: the withdrawal and the fee make the available balance negative at once.
                try await disputedPayment(bed, account, fee: 200)
                let sim = bed.sim
                #expect(try await eventually { balanceEvents(bed, account).count == 1 })
                let first = try #require(balanceEvents(bed, account).first)
                try await bed.publish([first, first])
                try await bed.settle([first])
                var updated = try published(bed, BalanceUpdated.self, account: account)
                #expect(updated.map(\.available) == [[GetBalance.Amount(currency: "usd", amount: -3500)]])
                #expect(updated.first?.pending == [GetBalance.Amount(currency: "usd", amount: 1800)])
                let negative = try published(bed, BalanceNegative.self, account: account)
                #expect(negative.map(\.negative) == [[GetBalance.Amount(currency: "usd", amount: -3500)]])

                // The charge settles two days later: -1700. Delivered after an older event, the older one publishes nothing.
                sim.advanceClock(bySeconds: 2 * 86_400)
                #expect(try await eventually { balanceEvents(bed, account).count == 2 })
                let events = balanceEvents(bed, account)
                let replayedOld = Envelope(
                    type: first.type, appId: first.appId, headers: first.headers, body: first.body)  // a new message id: not the inbox's
                try await bed.publish([events[1]])
                try await bed.settle([events[1]])
                try await bed.publish([replayedOld])
                try await bed.settle([replayedOld])
                updated = try published(bed, BalanceUpdated.self, account: account)
                #expect(updated.map { $0.available.first?.amount } == [-3500, -1700])
                #expect(try published(bed, BalanceNegative.self, account: account).count == 2)
            }
        }

        @Test("a negative balance of a seller whose losses Stripe carries publishes only payments.balance.updated")
        func stripeLiableSellerIsNotThePlatformsDebt() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.seller(lossesPayments: "stripe")
                try await disputedPayment(bed, account, fee: nil)
                #expect(try await eventually { balanceEvents(bed, account).count == 1 })
                let events = balanceEvents(bed, account)
                try await bed.publish(events)
                try await bed.settle(events)
                #expect(try published(bed, BalanceUpdated.self, account: account).first?.available.first?.amount == -3500)
                #expect(try published(bed, BalanceNegative.self, account: account).isEmpty)
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
