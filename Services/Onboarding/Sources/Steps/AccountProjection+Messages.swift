import Messages

extension OnboardingStatus {
    /// The wire status of the onboarding messages.
    var message: AccountOnboardingStatus {
        switch self {
        case .pending: .pending
        case .detailsSubmitted: .detailsSubmitted
        case .restricted: .restricted
        case .enabled: .enabled
        case .deauthorized: .deauthorized
        }
    }
}

extension AccountProjection {
    /// The requirements as the onboarding messages carry them.
    var requirements: AccountRequirements {
        AccountRequirements(
            currentlyDue: currentlyDue, pastDue: pastDue, eventuallyDue: eventuallyDue,
            disabledReason: disabledReason, currentDeadline: currentDeadline.map { Int($0) })
    }
}
