/// The Stripe event types the service consumes: the one list its queue bindings
/// (``OnboardingService/stripeEvents``), ``AccountEventPayload/parse(_:)`` and
/// ``AccountEventHandler``'s dispatch derive from. Raw values are Stripe's `type`
/// (https://docs.stripe.com/api/events/types).
public enum AccountEventType: String, CaseIterable, Sendable {
    /// `account.updated`: the account's state (applied to the projection).
    case accountUpdated = "account.updated"
    /// `account.application.deauthorized`: the seller disconnected the platform.
    case applicationDeauthorized = "account.application.deauthorized"
    /// `capability.updated`: one capability's status.
    case capabilityUpdated = "capability.updated"
    /// `person.created`.
    case personCreated = "person.created"
    /// `person.updated`.
    case personUpdated = "person.updated"
    /// `person.deleted`.
    case personDeleted = "person.deleted"
    /// `account.external_account.created`.
    case externalAccountCreated = "account.external_account.created"
    /// `account.external_account.updated`.
    case externalAccountUpdated = "account.external_account.updated"
    /// `account.external_account.deleted`.
    case externalAccountDeleted = "account.external_account.deleted"
    /// `payout.created`: a payout of the connected account's balance (``PayoutEventHandler``).
    case payoutCreated = "payout.created"
    /// `payout.paid`: the payout is expected in the bank account.
    case payoutPaid = "payout.paid"
    /// `payout.failed`: the bank refused the payout.
    case payoutFailed = "payout.failed"
    /// `payout.canceled`: the payout was canceled while pending.
    case payoutCanceled = "payout.canceled"

    /// Whether the type is one of the `payout.*` events.
    public var isPayout: Bool { rawValue.hasPrefix("payout.") }

    /// The routing key notifications re-publishes the event under: `stripe.<type>`.
    public var routingKey: String { "stripe.\(rawValue)" }
}
