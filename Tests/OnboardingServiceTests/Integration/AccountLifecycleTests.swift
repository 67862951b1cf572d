import Foundation
import Messages
import OnboardingService
import StripeAPI
import StripeSimCore
import Testing
import TestKit

extension OnboardingIntegrationTests {
    /// Issue 18: status over the account's life (capabilities, future requirements), from
    /// Stripe's events as notifications re-publishes them.
    @Suite("Account lifecycle")
    struct AccountLifecycleTests {
        @Test func capabilitiesGoActiveAfterOnboardingAndNeverBackwards() async throws {
            try await OnboardingTestBed.run { bed in
                let account = try #require(try await bed.send(OnboardingTestBed.newSeller()).result).account
                let link = try #require(try await bed.send(bed.linkCommand(account)).result)
                _ = try await bed.visit(link.url, outcome: "complete")
                let events = try await onThread { try bed.stripeEvents(type: "capability.updated", account: account) }
                // card_payments and transfers: pending, then active.
                try #require(events.count == 4)
                let monitor = bed.monitor
                // Delivered newest first (out of order): active wins, the older pending is stale.
                for event in events { _ = try await onThread { try bed.publishStripeEvent(event, account: account) } }
                let changes = try await onThread {
                    try monitor.wait(for: AccountCapabilityUpdated.messageName, account: account, count: 2)
                }
                let decoded = try changes.map { try $0.decode(AccountCapabilityUpdated.self) }
                #expect(Set(decoded.map(\.capability)) == ["card_payments", "transfers"])
                #expect(decoded.allSatisfy { $0.status == "active" })
                // The account.updated that followed says the same: nothing new.
                let updated = try await onThread { try bed.stripeEvents(type: "account.updated", account: account) }
                let last = try #require(updated.first)
                let id = try await onThread { try bed.publishStripeEvent(last, account: account) }
                #expect(try await eventually { try bed.inboxHas(id) })
                let again = try await onThread { try bed.publishStripeEvent(events[events.count - 1], account: account) }
                #expect(try await eventually { try bed.inboxHas(again) })
                #expect(try monitor.events(type: AccountCapabilityUpdated.messageName, account: account).count == 2)
            }
        }

        @Test("capability events of new accounts handled at once by several workers: each change announced once, none forgotten")
        func capabilityEventsAtOnce() async throws {
            try await OnboardingTestBed.run(workers: 4) { bed in
                var accounts: [String] = []
                for _ in 0..<4 {
                    let account = try #require(try await bed.send(OnboardingTestBed.newSeller()).result).account
                    let link = try #require(try await bed.send(bed.linkCommand(account)).result)
                    _ = try await bed.visit(link.url, outcome: "complete")
                    accounts.append(account)
                }
                // Each account's newest card_payments and transfers events (both active), published together.
                let sellers = accounts
                let messages = try await onThread {
                    try sellers.flatMap { account in
                        let events = try bed.stripeEvents(type: "capability.updated", account: account)
                        return try events.prefix(2).map { try bed.publishStripeEvent($0, account: account) }
                    }
                }
                for id in messages { #expect(try await eventually { try bed.inboxHas(id) }) }
                let monitor = bed.monitor
                for account in accounts {
                    let changes = try await onThread {
                        try monitor.wait(for: AccountCapabilityUpdated.messageName, account: account, count: 2)
                    }
                    #expect(Set(try changes.map { try $0.decode(AccountCapabilityUpdated.self).capability }) == ["card_payments", "transfers"])
                    // The older (pending) events change nothing: both active capabilities were remembered.
                    let older = try await onThread {
                        try bed.stripeEvents(type: "capability.updated", account: account).dropFirst(2).map {
                            try bed.publishStripeEvent($0, account: account)
                        }
                    }
                    for id in older { #expect(try await eventually { try bed.inboxHas(id) }) }
                    #expect(try monitor.events(type: AccountCapabilityUpdated.messageName, account: account).count == 2, "\(account)")
                }
            }
        }

        @Test func aFutureRequirementWithADeadlineIsAnnouncedOnce() async throws {
            try await OnboardingTestBed.run { bed in
                let account = try #require(try await bed.send(OnboardingTestBed.newSeller()).result).account
                let link = try #require(try await bed.send(bed.linkCommand(account)).result)
                _ = try await bed.visit(link.url, outcome: "complete")
                let completed = try await onThread { try bed.stripeEvents(type: "account.updated", account: account) }
                _ = try await onThread { try bed.publishStripeEvent(try #require(completed.first), account: account) }
                let monitor = bed.monitor
                _ = try await onThread { try monitor.wait(for: AccountOnboardingCompleted.messageName, account: account) }

                // A new regulation: Stripe will need a document by the deadline.
                bed.sim.advanceClock(bySeconds: 10)
                let deadline = Int(Date().timeIntervalSince1970) + 30 * 86_400
                #expect(
                    bed.sim.addFutureRequirements(
                        account: account, fields: ["individual.verification.document"],
                        deadline: deadline) != nil)
                let events = try await onThread { try bed.stripeEvents(type: "account.updated", account: account) }
                let announcement = try #require(events.first)
                _ = try await onThread { try bed.publishStripeEvent(announcement, account: account) }
                let due = try await onThread { try monitor.wait(for: AccountRequirementsDue.messageName, account: account) }
                let event = try #require(due.first).decode(AccountRequirementsDue.self)
                #expect(event.futureDeadline == deadline)
                #expect(event.futureDue == ["individual.verification.document"])
                #expect(event.deadline == deadline)
                #expect(event.email == "seller@example.com")

                // Stripe retries the webhook, and an older event arrives late: no second announcement.
                let retry = try await onThread { try bed.publishStripeEvent(announcement, account: account) }
                let late = try await onThread { try bed.publishStripeEvent(completed[0], account: account) }
                #expect(try await eventually { try bed.inboxHas(retry) && bed.inboxHas(late) })
                #expect(try monitor.events(type: AccountRequirementsDue.messageName, account: account).count == 1)
            }
        }
    }
}
