import Testing
@testable import OnboardingService

/// ``AccountStatus``: capabilities and future requirements never move backwards.
@Suite("Account status")
struct AccountStatusTests {
    @Test func capabilitiesMoveForwardOnly() {
        var status = AccountStatus()
        #expect(
            status.apply(capability: "card_payments", status: "pending", at: 100)
                == .init(capability: "card_payments", previous: nil, status: "pending"))
        #expect(status.apply(capability: "card_payments", status: "active", at: 100)?.status == "active")
        // Same second, less far along: the pending event delivered late is stale.
        #expect(status.apply(capability: "card_payments", status: "pending", at: 100) == nil)
        // Older: stale. Same status again: nothing to publish.
        #expect(status.apply(capability: "card_payments", status: "inactive", at: 99) == nil)
        #expect(status.apply(capability: "card_payments", status: "active", at: 101) == nil)
        // Newer and different (Stripe disabled it): published.
        #expect(status.apply(capability: "card_payments", status: "inactive", at: 200)?.previous == "active")
    }

    @Test func aFutureDeadlineIsAnnouncedOncePerDeadline() {
        var status = AccountStatus()
        let report = AccountStatus.Report(futureDue: ["individual.verification.document"], futureDeadline: 5_000)
        #expect(status.apply(report, at: 100).announceDeadline)
        #expect(!status.apply(report, at: 100).announceDeadline)  // a retried webhook
        #expect(!status.apply(report, at: 150).announceDeadline)  // a later update, same deadline
        #expect(!status.apply(AccountStatus.Report(futureDue: ["x"], futureDeadline: 9_000), at: 90).announceDeadline)  // stale
        #expect(status.futureDeadline == 5_000)
        #expect(status.apply(AccountStatus.Report(futureDue: ["x"], futureDeadline: 9_000), at: 300).announceDeadline)  // moved
        #expect(!status.apply(AccountStatus.Report(futureDue: [], futureDeadline: 12_000), at: 400).announceDeadline)  // nothing due
    }
}

/// ``AccountControl``: what the platform may not send for an account.
@Suite("Account control")
struct AccountControlTests {
    @Test func derivedFromTypeAsStripeDoes() {
        #expect(
            AccountControl.derived(type: "standard", requirementCollection: nil, dashboardType: nil)
                == AccountControl(requirementCollection: "stripe", dashboardType: "full"))
        #expect(
            AccountControl.derived(type: "express", requirementCollection: nil, dashboardType: nil)
                == AccountControl(requirementCollection: "stripe", dashboardType: "express"))
        #expect(
            AccountControl.derived(type: "custom", requirementCollection: nil, dashboardType: nil)
                == AccountControl(requirementCollection: "application", dashboardType: "none"))
        #expect(
            AccountControl.derived(type: "express", requirementCollection: "application", dashboardType: "none")
                == AccountControl(requirementCollection: "application", dashboardType: "none"))
    }

    @Test func lockedFields() {
        let fields = ["email", "business_profile", "external_account", "tos_acceptance", "settings", "metadata"]
        #expect(AccountControl(requirementCollection: "stripe", dashboardType: "express").forbidden(fields) == ["tos_acceptance"])
        // A Standard account after its link: Stripe keeps e-mail, settings and metadata writable.
        #expect(
            AccountControl(requirementCollection: "stripe", dashboardType: "full", onboardingStarted: true)
                .forbidden(fields) == ["business_profile", "external_account", "tos_acceptance"])
        #expect(
            AccountControl(requirementCollection: "application", dashboardType: "none", onboardingStarted: true)
                .forbidden(fields).isEmpty)
        #expect(AccountControl(requirementCollection: nil, dashboardType: nil).forbidden(fields).isEmpty)
    }
}
