/// Where a connected account stands in onboarding, as this service projects it from
/// Stripe's account object (Accounts v1: `details_submitted`, `charges_enabled`,
/// `payouts_enabled`, `requirements`).
///
/// The wire form is the raw value (`"pending"`, `"details_submitted"`, …), stored in
/// `onboarding.accounts.status` and sent in replies and events.
public enum OnboardingStatus: String, Sendable, Codable, Equatable, CaseIterable {
    /// The account exists but the seller has not submitted their details yet.
    case pending
    /// Details are submitted and Stripe is still verifying them (nothing is past due).
    case detailsSubmitted = "details_submitted"
    /// Details are submitted but Stripe has disabled charges or payouts (past-due
    /// requirements or a `disabled_reason` other than pending verification).
    case restricted
    /// Charges and payouts are both enabled.
    case enabled
    /// The seller disconnected the platform (`account.application.deauthorized`); terminal.
    case deauthorized

    /// Derives the status of an account snapshot.
    ///
    /// - `enabled` when charges and payouts are enabled;
    /// - `pending` when details are not submitted;
    /// - `restricted` when details are submitted and something is past due or Stripe gives
    ///   a `disabled_reason` other than `requirements.pending_verification`;
    /// - `detailsSubmitted` otherwise.
    /// Deauthorization is not part of a snapshot: see ``OnboardingStateMachine``.
    public static func derive(from snapshot: AccountSnapshot) -> OnboardingStatus {
        if snapshot.chargesEnabled && snapshot.payoutsEnabled { return .enabled }
        if !snapshot.detailsSubmitted { return .pending }
        let verifying =
            snapshot.disabledReason == nil
            || snapshot.disabledReason == "requirements.pending_verification"
        if !snapshot.pastDue.isEmpty || !verifying { return .restricted }
        return .detailsSubmitted
    }
}
