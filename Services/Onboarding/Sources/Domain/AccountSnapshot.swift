/// What Stripe said about a connected account at one moment: the input of
/// ``OnboardingStateMachine``.
///
/// Built from an `account.updated` event's `data.object` (with the event's `created`) or
/// from a fresh `GET /v1/accounts/{id}` (with the time of the fetch). Value type, Sendable.
public struct AccountSnapshot: Sendable, Equatable {
    /// Stripe account id, `acct_…`.
    public var accountId: String
    /// When Stripe produced this state, in Unix seconds: the event's `created`, or the fetch
    /// time for a re-fetched account. Older snapshots never overwrite newer ones.
    public var observedAt: Int64
    /// `details_submitted`.
    public var detailsSubmitted: Bool
    /// `charges_enabled`.
    public var chargesEnabled: Bool
    /// `payouts_enabled`.
    public var payoutsEnabled: Bool
    /// `requirements.currently_due`: requirement names, in Stripe's order.
    public var currentlyDue: [String]
    /// `requirements.past_due`: requirement names, in Stripe's order.
    public var pastDue: [String]
    /// `requirements.disabled_reason`, e.g. `requirements.past_due`; `nil` when not disabled.
    public var disabledReason: String?
    /// `requirements.eventually_due`: requirement names that will be due later.
    public var eventuallyDue: [String]
    /// `requirements.current_deadline`: Unix seconds by which `currently_due` must be given.
    public var currentDeadline: Int64?

    /// Creates a snapshot; every field is Stripe's value (see the properties).
    public init(
        accountId: String, observedAt: Int64, detailsSubmitted: Bool,
        chargesEnabled: Bool, payoutsEnabled: Bool, currentlyDue: [String] = [],
        pastDue: [String] = [], disabledReason: String? = nil, eventuallyDue: [String] = [],
        currentDeadline: Int64? = nil
    ) {
        self.accountId = accountId
        self.observedAt = observedAt
        self.detailsSubmitted = detailsSubmitted
        self.chargesEnabled = chargesEnabled
        self.payoutsEnabled = payoutsEnabled
        self.currentlyDue = currentlyDue
        self.pastDue = pastDue
        self.disabledReason = disabledReason
        self.eventuallyDue = eventuallyDue
        self.currentDeadline = currentDeadline
    }
}
