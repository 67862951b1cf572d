/// An event the state machine asks the caller to publish (through the outbox), named by
/// the last segment of its routing key `onboarding.account.<raw value>`.
public enum OnboardingEventKind: String, Sendable, Equatable, CaseIterable {
    /// The projection changed (the changed fields travel with it).
    case updated
    /// Details were submitted and charges enabled for the first time; published once.
    case onboardingCompleted = "onboarding_completed"
    /// `currently_due` or `past_due` went from empty to non-empty.
    case requirementsDue = "requirements_due"
    /// The platform was disconnected; published once.
    case deauthorized
}
