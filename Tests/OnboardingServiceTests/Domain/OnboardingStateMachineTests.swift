import Testing
@testable import OnboardingService

@Suite("Onboarding state machine")
struct OnboardingStateMachineTests {
    let id = "acct_1"

    func snapshot(
        at t: Int64, details: Bool = false, charges: Bool = false, payouts: Bool = false,
        due: [String] = [], pastDue: [String] = [], reason: String? = nil
    ) -> AccountSnapshot {
        AccountSnapshot(
            accountId: id, observedAt: t, detailsSubmitted: details, chargesEnabled: charges,
            payoutsEnabled: payouts, currentlyDue: due, pastDue: pastDue, disabledReason: reason)
    }

    @Test func newAccountStartsPendingWithoutEvents() {
        let t = OnboardingStateMachine.start(
            from: snapshot(
                at: 100, due: ["business_type"],
                reason: "requirements.past_due"))
        #expect(t.projection.status == .pending)
        #expect(t.projection.currentlyDue == ["business_type"])
        #expect(t.projection.lastStripeUpdate == 100)
        #expect(t.events.isEmpty)
        #expect(!t.projection.onboardingCompleted)
    }

    @Test func completingOnboardingPublishesCompletedOnce() {
        let start = OnboardingStateMachine.start(from: snapshot(at: 100, due: ["business_type"])).projection
        let done = OnboardingStateMachine.apply(.event(snapshot(at: 200, details: true, charges: true, payouts: true)), to: start)
        #expect(done.disposition == .applied)
        #expect(done.projection.status == .enabled)
        #expect(done.events == [.updated, .onboardingCompleted])
        #expect(
            done.changedFields == [
                "status", "details_submitted", "charges_enabled", "payouts_enabled",
                "requirements.currently_due",
            ])
        #expect(done.projection.onboardingCompleted)

        // Payouts paused then enabled again: updated, but never a second onboarding_completed.
        let paused = OnboardingStateMachine.apply(.event(snapshot(at: 300, details: true, charges: true)), to: done.projection)
        #expect(paused.projection.status == .detailsSubmitted)
        #expect(paused.events == [.updated])
        let again = OnboardingStateMachine.apply(
            .event(snapshot(at: 400, details: true, charges: true, payouts: true)),
            to: paused.projection)
        #expect(again.events == [.updated])
        #expect(again.projection.status == .enabled)
    }

    @Test func olderSnapshotIsIgnored() {
        let start = OnboardingStateMachine.start(from: snapshot(at: 100)).projection
        let newest = OnboardingStateMachine.apply(.event(snapshot(at: 300, details: true, charges: true, payouts: true)), to: start)
        let late = OnboardingStateMachine.apply(.event(snapshot(at: 200, details: true)), to: newest.projection)
        #expect(late.disposition == .stale)
        #expect(late.projection == newest.projection)
        #expect(late.events.isEmpty)
        let lateFetch = OnboardingStateMachine.apply(.fetched(snapshot(at: 299)), to: newest.projection)
        #expect(lateFetch.disposition == .stale)
        #expect(lateFetch.projection.status == .enabled)
    }

    @Test func duplicateEventChangesNothing() {
        let start = OnboardingStateMachine.start(from: snapshot(at: 100)).projection
        let first = OnboardingStateMachine.apply(.event(snapshot(at: 200, details: true)), to: start)
        let dup = OnboardingStateMachine.apply(.event(snapshot(at: 200, details: true)), to: first.projection)
        #expect(dup.disposition == .applied)
        #expect(dup.changedFields.isEmpty)
        #expect(dup.events.isEmpty)
        #expect(dup.projection == first.projection)
    }

    @Test func sameSecondDisagreementAsksForRefetch() {
        let start = OnboardingStateMachine.start(from: snapshot(at: 100)).projection
        let first = OnboardingStateMachine.apply(.event(snapshot(at: 200, details: true)), to: start)
        let conflict = OnboardingStateMachine.apply(.event(snapshot(at: 200)), to: first.projection)
        #expect(conflict.disposition == .needsRefetch)
        #expect(conflict.projection == first.projection)
        // A fetch as new as the projection is the truth and is applied.
        let fetched = OnboardingStateMachine.apply(
            .fetched(snapshot(at: 200, details: true, charges: true)),
            to: first.projection)
        #expect(fetched.disposition == .applied)
        #expect(fetched.events == [.updated, .onboardingCompleted])
    }

    @Test func requirementsDueWhenListsBecomeNonEmpty() {
        let enabled = OnboardingStateMachine.start(from: snapshot(at: 100, details: true, charges: true, payouts: true)).projection
        #expect(enabled.onboardingCompleted)
        let due = OnboardingStateMachine.apply(
            .event(
                snapshot(
                    at: 200, details: true, charges: true, payouts: true,
                    due: ["individual.id_number"])), to: enabled)
        #expect(due.events == [.updated, .requirementsDue])
        #expect(due.projection.status == .enabled)
        let moreDue = OnboardingStateMachine.apply(
            .event(
                snapshot(
                    at: 300, details: true, charges: true, payouts: true,
                    due: ["individual.id_number", "external_account"])),
            to: due.projection)
        #expect(moreDue.events == [.updated])
        let pastDue = OnboardingStateMachine.apply(
            .event(
                snapshot(
                    at: 400, details: true, due: ["external_account"],
                    pastDue: ["external_account"],
                    reason: "requirements.past_due")),
            to: moreDue.projection)
        #expect(pastDue.projection.status == .restricted)
        #expect(pastDue.events == [.updated, .requirementsDue])
        #expect(pastDue.changedFields.contains("requirements.disabled_reason"))
    }

    @Test func statusDerivation() {
        #expect(OnboardingStatus.derive(from: snapshot(at: 1)) == .pending)
        #expect(OnboardingStatus.derive(from: snapshot(at: 1, details: true)) == .detailsSubmitted)
        #expect(
            OnboardingStatus.derive(
                from: snapshot(
                    at: 1, details: true,
                    reason: "requirements.pending_verification")) == .detailsSubmitted)
        #expect(OnboardingStatus.derive(from: snapshot(at: 1, details: true, reason: "rejected.fraud")) == .restricted)
        #expect(OnboardingStatus.derive(from: snapshot(at: 1, details: true, pastDue: ["tos_acceptance.date"])) == .restricted)
        #expect(OnboardingStatus.derive(from: snapshot(at: 1, details: true, charges: true, payouts: true)) == .enabled)
    }

    @Test func deauthorizationIsTerminalAndPublishedOnce() {
        let start = OnboardingStateMachine.start(from: snapshot(at: 100, details: true, charges: true, payouts: true)).projection
        let gone = OnboardingStateMachine.apply(.deauthorized(at: 50), to: start)
        #expect(gone.projection.status == .deauthorized)
        #expect(gone.events == [.updated, .deauthorized])
        #expect(gone.projection.lastStripeUpdate == 100)
        let twice = OnboardingStateMachine.apply(.deauthorized(at: 300), to: gone.projection)
        #expect(twice.events.isEmpty)
        let later = OnboardingStateMachine.apply(.event(snapshot(at: 400, details: true)), to: twice.projection)
        #expect(later.projection.status == .deauthorized)
        #expect(later.events == [.updated])
        #expect(!later.changedFields.contains("status"))
    }
}
