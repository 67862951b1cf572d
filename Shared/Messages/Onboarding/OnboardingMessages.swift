/// Every message type of the onboarding domain, for the catalogue and for routing.
public enum OnboardingMessages {
    /// Commands first, then events.
    public static let all: [any BusMessage.Type] = [
        CreateAccount.self,
        CreateAccountLink.self,
        RefreshAccountLink.self,
        SyncAccount.self,
        AccountCreated.self,
        AccountUpdated.self,
        AccountOnboardingCompleted.self,
        AccountRequirementsDue.self,
        AccountDeauthorized.self,
    ]
}
