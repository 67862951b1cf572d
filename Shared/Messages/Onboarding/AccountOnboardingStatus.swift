/// ConnectBus's summary of a connected account's onboarding, derived from `details_submitted`,
/// `charges_enabled`, `payouts_enabled` and `requirements`.
public enum AccountOnboardingStatus: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// Details not submitted yet.
    case pending
    /// Details submitted; Stripe is verifying or has not enabled charges yet.
    case detailsSubmitted = "details_submitted"
    /// Submitted but restricted: requirements past due or the account is disabled.
    case restricted
    /// Charges and payouts are enabled.
    case enabled
    /// The seller disconnected the platform (`account.application.deauthorized`).
    case deauthorized
}
