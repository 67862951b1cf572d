import StripeSimCore
import Foundation
import Messages
import OnboardingService
import Testing
import StripeAPI
import TestKit

extension OnboardingIntegrationTests {
    /// The onboarding stories end to end: RabbitMQ, Postgres, the service host and stripe-sim.
    @Suite("Onboarding stories")
    struct OnboardingStoryTests {
        @Test func fullOnboardingStory() async throws {
            try await OnboardingTestBed.run { bed in
                let command = OnboardingTestBed.newSeller(
                    Representative(
                        firstName: "Ada", lastName: "Lovelace",
                        email: "ada@example.com", title: "Owner"))
                let created = try #require(try await bed.send(command).result)
                #expect(created.created)
                #expect(created.status == .pending)
                #expect(created.sellerReference == command.sellerReference)
                let account = created.account
                let persons = bed.requests("POST", "/v1/accounts/\(account)/persons")
                #expect(persons.count == 1)
                #expect(persons.first?.params["relationship"]?["representative"] != nil)

                let link = try #require(try await bed.send(bed.linkCommand(account)).result)
                #expect(link.url.hasPrefix(bed.sim.baseURL))
                #expect(try await bed.visit(link.url, outcome: "complete").contains("page=return"))

                // Notifications would re-publish the verified webhook: do it as it would.
                let events = try await onThread { try bed.stripeEvents(type: "account.updated", account: account) }
                let newest = try #require(events.first)
                let monitor = bed.monitor
                _ = try await onThread { try bed.publishStripeEvent(newest, account: account) }
                let completed = try await onThread {
                    try monitor.wait(for: AccountOnboardingCompleted.messageName, account: account)
                }
                let event = try #require(completed.first).decode(AccountOnboardingCompleted.self)
                #expect(event.chargesEnabled)
                #expect(event.sellerReference == command.sellerReference)
                #expect(try bed.record(account)?.projection.status == .enabled)
                let createdEvents = try monitor.events(type: AccountCreated.messageName, account: account)
                #expect(createdEvents.count == 1)
                // Who carries the account's losses, as Stripe's answer said (`controller.losses.payments`).
                let losses = bed.sim.object(id: account)?.value(at: "controller.losses.payments")?.stringValue
                #expect(losses != nil)
                #expect(try createdEvents.first?.decode(AccountCreated.self).lossesPayments == losses)
                #expect(try monitor.events(type: AccountUpdated.messageName, account: account).count == 1)

                // The same webhook again (Stripe retries): nothing new is published.
                let again = try await onThread { try bed.publishStripeEvent(newest, account: account) }
                #expect(try await eventually { try bed.inboxHas(again) })
                #expect(try monitor.events(type: AccountOnboardingCompleted.messageName, account: account).count == 1)
                #expect(try monitor.events(type: AccountUpdated.messageName, account: account).count == 1)
            }
        }

        @Test func incompleteStoryThenRefreshAndSync() async throws {
            try await OnboardingTestBed.run { bed in
                let account = try #require(try await bed.send(OnboardingTestBed.newSeller()).result).account
                let first = try #require(try await bed.send(bed.linkCommand(account)).result)
                // The seller leaves without finishing: returning says nothing about completion.
                #expect(try await bed.visit(first.url, outcome: "incomplete").contains("page=return"))
                let synced = try #require(try await bed.send(SyncAccount(account: account)).result)
                #expect(synced.status == .pending)
                #expect(!synced.detailsSubmitted)
                #expect(!synced.requirements.currentlyDue.isEmpty)
                #expect(try bed.record(account)?.projection.status == .pending)

                // The used link sends the seller to refresh_url; the platform asks for a new link.
                #expect(try await bed.visit(first.url, outcome: "complete").contains("page=refresh"))
                let second = try #require(try await bed.send(RefreshAccountLink(account: account)).result)
                #expect(second.url != first.url)
                let posts = bed.requests("POST", "/v1/account_links")
                #expect(posts.count == 2)
                for key in ["account", "type", "refresh_url", "return_url"] {
                    #expect(posts[0].params[key] == posts[1].params[key])
                }

                // Finishing on the fresh link and syncing completes onboarding.
                #expect(try await bed.visit(second.url, outcome: "complete").contains("page=return"))
                let done = try #require(try await bed.send(SyncAccount(account: account)).result)
                #expect(done.status == .enabled)
                #expect(done.changed)
                let monitor = bed.monitor
                let completed = try await onThread {
                    try monitor.wait(for: AccountOnboardingCompleted.messageName, account: account)
                }
                #expect(completed.count == 1)
            }
        }

        @Test func outOfOrderEventsLeaveTheNewestState() async throws {
            try await OnboardingTestBed.run { bed in
                let account = try #require(try await bed.send(OnboardingTestBed.newSeller()).result).account
                // An older change (business profile) and a newer one (onboarding completed).
                bed.sim.advanceClock(bySeconds: 5)
                _ = try await onThread {
                    var params = FormParams()
                    params.set("business_profile", ["name": "Renamed Shop"])
                    return try bed.stripeClient().send(
                        .post, "/v1/accounts/\(account)", params: params,
                        options: .idempotent(UUID().uuidString)
                    ).status
                }
                bed.sim.advanceClock(bySeconds: 5)
                let link = try #require(try await bed.send(bed.linkCommand(account)).result)
                _ = try await bed.visit(link.url, outcome: "complete")
                let events = try await onThread { try bed.stripeEvents(type: "account.updated", account: account) }
                try #require(events.count == 2)
                let (newer, older) = (events[0], events[1])
                #expect(newer.created > older.created)

                // Delivered newest first.
                _ = try await onThread { try bed.publishStripeEvent(newer, account: account) }
                let late = try await onThread { try bed.publishStripeEvent(older, account: account) }
                #expect(try await eventually { try bed.inboxHas(late) })
                let record = try #require(try bed.record(account))
                #expect(record.projection.status == .enabled)
                #expect(record.projection.lastStripeUpdate == Int64(newer.created))
                let monitor = bed.monitor
                #expect(try monitor.events(type: AccountOnboardingCompleted.messageName, account: account).count == 1)
                #expect(try monitor.events(type: AccountUpdated.messageName, account: account).count == 1)
            }
        }

        @Test func expiredLinkSendsTheSellerToRefreshAndANewLinkWorks() async throws {
            try await OnboardingTestBed.run { bed in
                let account = try #require(try await bed.send(OnboardingTestBed.newSeller()).result).account
                let link = try #require(try await bed.send(bed.linkCommand(account, type: .accountOnboarding)).result)
                bed.sim.advanceClock(bySeconds: link.expiresAt - Int(Date().timeIntervalSince1970) + 60)
                #expect(try await bed.visit(link.url, outcome: "complete").contains("page=refresh"))
                let fresh = try #require(try await bed.send(RefreshAccountLink(account: account)).result)
                #expect(fresh.expiresAt > link.expiresAt)
                #expect(try await bed.visit(fresh.url, outcome: "incomplete").contains("page=return"))
                #expect(try bed.record(account)?.projection.status == .pending)
            }
        }
    }
}
