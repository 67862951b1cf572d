import Foundation
import Messages
import Store
import StripeAPI
import StripeSimCore
import Testing
import TestKit
@testable import OnboardingService

extension OnboardingIntegrationTests {
    /// Stripe's `payout.*` events of connected accounts, made by stripe-sim on the account's
    /// payout schedule: kept in `payouts` and announced once as `onboarding.payout.*`.
    @Suite("Onboarding payout events")
    struct PayoutEventTests {
        /// A recorded account paid out to `bankToken`, with a 50.00 USD payment: the simulator's
        /// clock moved 3 days (the automatic payout made) and one more (it arrived).
        private func paidOutAccount(_ bed: OnboardingTestBed, bankToken: String) async throws -> String {
            var seller = OnboardingTestBed.newSeller()
            seller.externalAccount = ExternalAccountDetails(token: bankToken)
            let account = try #require(try await bed.send(seller).result).account
            try await pay(bed, account)
            bed.sim.advanceClock(bySeconds: 3 * 86_400)
            bed.sim.advanceClock(bySeconds: 86_401)
            return account
        }

        /// A captured 50.00 USD card payment on `account` (its funds become available to pay out).
        private func pay(_ bed: OnboardingTestBed, _ account: String) async throws {
            try await onThread {
                var params = FormParams()
                params.set("amount", 5000)
                params.set("currency", "usd")
                params.set("payment_method", "pm_card_visa")
                params.set("confirm", true)
                _ = try bed.stripeClient().send(
                    .post, "/v1/payment_intents", params: params,
                    options: .idempotent(UUID().uuidString, stripeAccount: account))
            }
        }

        private func payoutRow(_ bed: OnboardingTestBed, _ payout: String) throws -> PayoutRecord? {
            let db = try PGConnection(url: bed.env.databaseURL, applicationName: "onboarding-tests")
            return try PayoutStore(schema: try SQLIdentifier(bed.schema)).find(payoutId: payout, on: db)
        }

        @Test("a failed payout: created and failed each announced once, in any order, duplicates absorbed; the row keeps the failure")
        func failedPayoutAnnouncedOnce() async throws {
            try await OnboardingTestBed.run { bed in
                let account = try await paidOutAccount(bed, bankToken: "btok_us_verified_accountClosed")
                let created = try #require(try await onThread { try bed.stripeEvents(type: "payout.created", account: account) }.first)
                let failed = try #require(try await onThread { try bed.stripeEvents(type: "payout.failed", account: account) }.first)
                // The failure overtakes the creation; both are delivered twice.
                let messages = try await onThread {
                    [
                        try bed.publishStripeEvent(failed, account: account), try bed.publishStripeEvent(created, account: account),
                        try bed.publishStripeEvent(failed, account: account), try bed.publishStripeEvent(created, account: account),
                    ]
                }
                let monitor = bed.monitor
                let announced = try await onThread { try monitor.wait(for: PayoutFailed.messageName, account: account) }
                let event = try #require(announced.first).decode(PayoutFailed.self)
                #expect(event.payout.failureCode == "account_closed" && event.payout.status == "failed")
                #expect(event.payout.amount == 5000 && event.payout.currency == "usd" && event.payout.automatic)
                #expect(event.sellerReference.hasPrefix("seller-"))
                _ = try await onThread { try monitor.wait(for: PayoutCreated.messageName, account: account) }
                for id in messages { #expect(try await eventually { try bed.inboxHas(id) }) }
                #expect(try monitor.events(type: PayoutFailed.messageName, account: account).count == 1)
                #expect(try monitor.events(type: PayoutCreated.messageName, account: account).count == 1)
                // The late creation did not move the status back.
                let row = try #require(try payoutRow(bed, event.payout.id))
                #expect(row.payout.status == .failed && row.payout.failureCode == "account_closed" && row.accountId == account)
                #expect(row.announced == ["payout.created", "payout.failed"])
            }
        }

        @Test("a new payout's creation and failure handled at once by several workers: each announced once, both remembered")
        func firstEventsAtOnce() async throws {
            try await OnboardingTestBed.run(workers: 4) { bed in
                var accounts: [String] = []
                for _ in 0..<4 {
                    var seller = OnboardingTestBed.newSeller()
                    seller.externalAccount = ExternalAccountDetails(token: "btok_us_verified_accountClosed")
                    let account = try #require(try await bed.send(seller).result).account
                    try await pay(bed, account)
                    accounts.append(account)
                }
                bed.sim.advanceClock(bySeconds: 3 * 86_400)
                bed.sim.advanceClock(bySeconds: 86_401)
                let sellers = accounts
                let messages = try await onThread {
                    try sellers.flatMap { account in
                        try ["payout.created", "payout.failed"].map { type in
                            try bed.publishStripeEvent(try bed.stripeEvents(type: type, account: account)[0], account: account)
                        }
                    }
                }
                for id in messages { #expect(try await eventually { try bed.inboxHas(id) }) }
                let monitor = bed.monitor
                for account in accounts {
                    let failed = try await onThread { try monitor.wait(for: PayoutFailed.messageName, account: account) }
                    let payout = try #require(failed.first).decode(PayoutFailed.self).payout.id
                    #expect(try monitor.events(type: PayoutCreated.messageName, account: account).count == 1)
                    #expect(try monitor.events(type: PayoutFailed.messageName, account: account).count == 1)
                    #expect(try payoutRow(bed, payout)?.announced == ["payout.created", "payout.failed"], "\(account)")
                }
            }
        }

        @Test("a paid payout is announced as paid")
        func paidPayout() async throws {
            try await OnboardingTestBed.run { bed in
                let account = try await paidOutAccount(bed, bankToken: "btok_us_verified")
                for type in ["payout.created", "payout.paid"] {
                    let event = try #require(try await onThread { try bed.stripeEvents(type: type, account: account) }.first)
                    _ = try await onThread { try bed.publishStripeEvent(event, account: account) }
                }
                let monitor = bed.monitor
                let paid = try await onThread { try monitor.wait(for: PayoutPaid.messageName, account: account) }
                let event = try #require(paid.first).decode(PayoutPaid.self)
                #expect(event.payout.status == "paid" && event.payout.failureCode == nil)
                #expect(try payoutRow(bed, event.payout.id)?.payout.status == .paid)
            }
        }

        @Test(
            "bad input: a payout event of an unknown account is retried, then parked as not_found.account; a body that is no payout is parked at once"
        )
        func unknownAccountAndMalformed() async throws {
            try await OnboardingTestBed.run { bed in
                let body =
                    #"{"id":"evt_po_unknown","object":"event","type":"payout.failed","created":1767268800,"account":"acct_unknown000000","#
                    + #""data":{"object":{"id":"po_unknown","object":"payout","amount":100,"currency":"usd","status":"failed","#
                    + #""automatic":true,"arrival_date":1767268800,"failure_code":"no_account"}}}"#
                let unknown = FetchedEvent(id: "evt_po_unknown", type: "payout.failed", created: 1_767_268_800, body: Array(body.utf8))
                let messageId = try await onThread { try bed.publishStripeEvent(unknown, account: "acct_unknown000000") }
                let broken = FetchedEvent(
                    id: "evt_po_broken", type: "payout.paid", created: 0,
                    body: Array(#"{"id":"evt_po_broken","type":"payout.paid","created":0,"account":"acct_x","data":{"object":{"id":"po_1"}}}"#.utf8))
                let brokenId = try await onThread { try bed.publishStripeEvent(broken, account: "acct_x") }
                let malformed = try await onThread { try bed.takeDeadLetter(queue: OnboardingService.eventsQueue, messageId: brokenId) }
                #expect(malformed?.headers.extra["x-error-code"] == ReplyError.Code.malformedMessage)
                let parked = try await onThread {
                    try bed.takeDeadLetter(queue: OnboardingService.eventsQueue, messageId: messageId, timeout: .seconds(150))
                }
                #expect(parked?.headers.extra["x-error-code"] == ReplyError.Code.accountNotFound)
                #expect(try payoutRow(bed, "po_unknown") == nil)
                #expect(try bed.monitor.events(type: PayoutFailed.messageName, account: "acct_unknown000000").isEmpty)
            }
        }
    }
}
