/// The result of applying one ``OnboardingInput`` to an ``AccountProjection``.
public struct OnboardingTransition: Sendable, Equatable {
    /// What the state machine did with the input.
    public enum Disposition: Sendable, Equatable {
        /// The input was newer (or a fetch as new as the projection) and was applied; it may
        /// still have changed nothing (a duplicate).
        case applied
        /// The input was older than the projection's `lastStripeUpdate` and was ignored.
        case stale
        /// An event as old as the projection disagrees with it: the caller should re-fetch
        /// the account and apply the result as ``OnboardingInput/fetched(_:)``.
        case needsRefetch
    }

    /// The projection to store (equal to the old one unless ``disposition`` is `.applied`).
    public var projection: AccountProjection
    /// Names of the fields that changed, in a fixed order: `status`, `details_submitted`,
    /// `charges_enabled`, `payouts_enabled`, `requirements.currently_due`,
    /// `requirements.past_due`, `requirements.eventually_due`, `requirements.disabled_reason`,
    /// `requirements.current_deadline`.
    public var changedFields: [String]
    /// Events to publish, in this order: updated, onboarding_completed, requirements_due,
    /// deauthorized (each at most once).
    public var events: [OnboardingEventKind]
    /// What happened to the input.
    public var disposition: Disposition

    /// Creates a transition; see the properties.
    public init(
        projection: AccountProjection, changedFields: [String],
        events: [OnboardingEventKind], disposition: Disposition
    ) {
        self.projection = projection
        self.changedFields = changedFields
        self.events = events
        self.disposition = disposition
    }

    /// A transition that keeps `projection` as it is.
    static func unchanged(_ projection: AccountProjection, _ disposition: Disposition) -> OnboardingTransition {
        OnboardingTransition(projection: projection, changedFields: [], events: [], disposition: disposition)
    }
}
