/// This service's durable view of one connected account's onboarding (the projection
/// columns of `onboarding.accounts`).
///
/// Value type, Sendable. Only ``OnboardingStateMachine`` computes a new projection from an
/// old one, so the rules (never backwards, first-time events) live in one place.
public struct AccountProjection: Sendable, Equatable {
    /// Stripe account id, `acct_…`.
    public var accountId: String
    /// Derived status.
    public var status: OnboardingStatus
    /// `details_submitted` of the newest snapshot applied.
    public var detailsSubmitted: Bool
    /// `charges_enabled` of the newest snapshot applied.
    public var chargesEnabled: Bool
    /// `payouts_enabled` of the newest snapshot applied.
    public var payoutsEnabled: Bool
    /// `requirements.currently_due` of the newest snapshot applied.
    public var currentlyDue: [String]
    /// `requirements.past_due` of the newest snapshot applied.
    public var pastDue: [String]
    /// `requirements.disabled_reason` of the newest snapshot applied.
    public var disabledReason: String?
    /// `requirements.eventually_due` of the newest snapshot applied.
    public var eventuallyDue: [String]
    /// `requirements.current_deadline` (Unix seconds) of the newest snapshot applied.
    public var currentDeadline: Int64?
    /// `true` once details were submitted with charges enabled; never reset, so
    /// `onboarding_completed` is published once per account.
    public var onboardingCompleted: Bool
    /// `true` once the platform was disconnected; terminal.
    public var deauthorized: Bool
    /// Unix seconds of the newest Stripe state applied (event `created` or fetch time);
    /// `0` before any.
    public var lastStripeUpdate: Int64

    /// Creates a projection; see the properties for each field.
    public init(
        accountId: String, status: OnboardingStatus = .pending,
        detailsSubmitted: Bool = false, chargesEnabled: Bool = false,
        payoutsEnabled: Bool = false, currentlyDue: [String] = [], pastDue: [String] = [],
        disabledReason: String? = nil, onboardingCompleted: Bool = false,
        deauthorized: Bool = false, lastStripeUpdate: Int64 = 0, eventuallyDue: [String] = [],
        currentDeadline: Int64? = nil
    ) {
        self.accountId = accountId
        self.status = status
        self.detailsSubmitted = detailsSubmitted
        self.chargesEnabled = chargesEnabled
        self.payoutsEnabled = payoutsEnabled
        self.currentlyDue = currentlyDue
        self.pastDue = pastDue
        self.disabledReason = disabledReason
        self.eventuallyDue = eventuallyDue
        self.currentDeadline = currentDeadline
        self.onboardingCompleted = onboardingCompleted
        self.deauthorized = deauthorized
        self.lastStripeUpdate = lastStripeUpdate
    }
}
