/// The account onboarding state machine: pure functions from (projection, input) to a new
/// projection, the changed fields and the events to publish. No I/O; thread-safe.
///
/// Rules (DESIGN §5, events arrive twice, late or early):
/// - a snapshot older than `lastStripeUpdate` is ignored (status never moves backwards in time);
/// - an event as old as the projection that disagrees with it asks for a re-fetch;
/// - `onboarding_completed` is published the first time details are submitted and charges
///   are enabled, never again;
/// - `requirements_due` is published when `currently_due` or `past_due` becomes non-empty;
/// - deauthorization is terminal: later snapshots update the fields, not the status.
public enum OnboardingStateMachine {
    /// The projection of a freshly created account, from the account Stripe returned.
    ///
    /// Publishes nothing but `onboarding_completed` when the account is already complete
    /// (the caller publishes `onboarding.account.created` itself).
    public static func start(from snapshot: AccountSnapshot) -> OnboardingTransition {
        var projection = AccountProjection(accountId: snapshot.accountId)
        copy(snapshot, into: &projection)
        projection.status = OnboardingStatus.derive(from: snapshot)
        projection.lastStripeUpdate = snapshot.observedAt
        var events: [OnboardingEventKind] = []
        if snapshot.detailsSubmitted && snapshot.chargesEnabled {
            projection.onboardingCompleted = true
            events.append(.onboardingCompleted)
        }
        return OnboardingTransition(
            projection: projection, changedFields: [], events: events,
            disposition: .applied)
    }

    /// Applies `input` to `current`; see the type's rules.
    public static func apply(_ input: OnboardingInput, to current: AccountProjection) -> OnboardingTransition {
        switch input {
        case .deauthorized(let at):
            return deauthorize(current, at: at)
        case .event(let snapshot):
            if snapshot.observedAt < current.lastStripeUpdate { return .unchanged(current, .stale) }
            if snapshot.observedAt == current.lastStripeUpdate, current.lastStripeUpdate > 0,
                !agrees(snapshot, with: current)
            {
                return .unchanged(current, .needsRefetch)
            }
            return applySnapshot(snapshot, to: current)
        case .fetched(let snapshot):
            if snapshot.observedAt < current.lastStripeUpdate { return .unchanged(current, .stale) }
            return applySnapshot(snapshot, to: current)
        }
    }

    private static func applySnapshot(_ snapshot: AccountSnapshot, to current: AccountProjection) -> OnboardingTransition {
        var next = current
        copy(snapshot, into: &next)
        next.status = current.deauthorized ? .deauthorized : OnboardingStatus.derive(from: snapshot)
        next.lastStripeUpdate = max(current.lastStripeUpdate, snapshot.observedAt)
        let changed = changedFields(from: current, to: next)
        var events: [OnboardingEventKind] = changed.isEmpty ? [] : [.updated]
        if !current.onboardingCompleted && next.detailsSubmitted && next.chargesEnabled {
            next.onboardingCompleted = true
            events.append(.onboardingCompleted)
        }
        if (current.currentlyDue.isEmpty && !next.currentlyDue.isEmpty)
            || (current.pastDue.isEmpty && !next.pastDue.isEmpty)
        {
            events.append(.requirementsDue)
        }
        return OnboardingTransition(
            projection: next, changedFields: changed, events: events,
            disposition: .applied)
    }

    private static func deauthorize(_ current: AccountProjection, at: Int64) -> OnboardingTransition {
        guard !current.deauthorized else { return .unchanged(current, .applied) }
        var next = current
        next.deauthorized = true
        next.status = .deauthorized
        next.lastStripeUpdate = max(current.lastStripeUpdate, at)
        return OnboardingTransition(
            projection: next, changedFields: ["status"],
            events: [.updated, .deauthorized], disposition: .applied)
    }

    private static func copy(_ snapshot: AccountSnapshot, into projection: inout AccountProjection) {
        projection.detailsSubmitted = snapshot.detailsSubmitted
        projection.chargesEnabled = snapshot.chargesEnabled
        projection.payoutsEnabled = snapshot.payoutsEnabled
        projection.currentlyDue = snapshot.currentlyDue
        projection.pastDue = snapshot.pastDue
        projection.disabledReason = snapshot.disabledReason
        projection.eventuallyDue = snapshot.eventuallyDue
        projection.currentDeadline = snapshot.currentDeadline
    }

    private static func agrees(_ snapshot: AccountSnapshot, with projection: AccountProjection) -> Bool {
        var copied = projection
        copy(snapshot, into: &copied)
        return copied == projection
    }

    private static func changedFields(from old: AccountProjection, to new: AccountProjection) -> [String] {
        var fields: [String] = []
        if old.status != new.status { fields.append("status") }
        if old.detailsSubmitted != new.detailsSubmitted { fields.append("details_submitted") }
        if old.chargesEnabled != new.chargesEnabled { fields.append("charges_enabled") }
        if old.payoutsEnabled != new.payoutsEnabled { fields.append("payouts_enabled") }
        if old.currentlyDue != new.currentlyDue { fields.append("requirements.currently_due") }
        if old.pastDue != new.pastDue { fields.append("requirements.past_due") }
        if old.eventuallyDue != new.eventuallyDue { fields.append("requirements.eventually_due") }
        if old.disabledReason != new.disabledReason { fields.append("requirements.disabled_reason") }
        if old.currentDeadline != new.currentDeadline { fields.append("requirements.current_deadline") }
        return fields
    }
}
