/// The Accounts v1 `type` of a connected account (Stripe API reference: Accounts, `type`).
public enum AccountType: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// A Standard account: the seller has a full Stripe Dashboard.
    case standard
    /// An Express account: Stripe-hosted onboarding and a light dashboard.
    case express
    /// A Custom account: the platform owns the whole experience.
    case custom
}
