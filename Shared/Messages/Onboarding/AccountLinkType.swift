/// The kind of Account Link (Stripe API reference: Account Links, `type`).
public enum AccountLinkType: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// First onboarding: collects what Stripe needs to enable the account.
    case accountOnboarding = "account_onboarding"
    /// Lets the seller update information already given.
    case accountUpdate = "account_update"
}
