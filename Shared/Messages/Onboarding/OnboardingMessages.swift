/// Every message type of the onboarding domain, for the catalogue and for routing.
public enum OnboardingMessages {
    /// Commands first, then events.
    public static let all: [any BusMessage.Type] = [
        CreateAccount.self,
        CreateAccountLink.self,
        RefreshAccountLink.self,
        SyncAccount.self,
        UpdateAccount.self,
        AddPerson.self,
        UpdatePerson.self,
        CreateLoginLink.self,
        CreateAccountSession.self,
        CreateOAuthLink.self,
        CompleteOAuth.self,
        DisconnectAccount.self,
        AccountCreated.self,
        AccountUpdated.self,
        AccountOnboardingCompleted.self,
        AccountRequirementsDue.self,
        AccountCapabilityUpdated.self,
        AccountDeauthorized.self,
        PayoutCreated.self,
        PayoutPaid.self,
        PayoutFailed.self,
        PayoutCanceled.self,
    ]
}
