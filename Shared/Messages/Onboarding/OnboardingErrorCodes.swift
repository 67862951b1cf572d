/// The error codes of the onboarding commands (DESIGN §4 "Error codes per command"): each
/// command's route kind and its own codes (its `validate()` and its handler in
/// Services/Onboarding/Sources/Handlers). The runtime's codes, the limit codes of the fields and
/// `stripe.*` are added by the catalogue (``CommandErrorCodes/answerable(limits:)``).
public enum OnboardingErrorCodes {
    /// Stripe refusals onboarding answers with its own code: none (every refusal is `stripe.*`).
    public static let stripeMapping: [DeclaredErrorCode] = []

    /// The declaration of a Stripe-bound command of the domain: ``stripeMapping`` and `own`.
    static func stripeBound(_ own: [DeclaredErrorCode]) -> CommandErrorCodes {
        CommandErrorCodes(.stripe(mapping: stripeMapping), own)
    }
}

extension CreateAccount: DeclaresErrorCodes {
    /// `onboarding.create_account`'s error codes.
    public static let errorCodes = OnboardingErrorCodes.stripeBound([
        .invalidId, .invalidURL, .unsupportedCountry, .accountExists, .duplicateReference,
    ])
}

extension CreateAccountLink: DeclaresErrorCodes {
    /// `onboarding.create_account_link`'s error codes.
    public static let errorCodes = OnboardingErrorCodes.stripeBound([
        .invalidId, .invalidURL, .accountNotFound, .invalidState,
    ])
}

extension RefreshAccountLink: DeclaresErrorCodes {
    /// `onboarding.refresh_account_link`'s error codes.
    public static let errorCodes = OnboardingErrorCodes.stripeBound([
        .invalidId, .invalidURL, .accountNotFound, .accountLinkNotFound, .invalidState,
    ])
}

extension SyncAccount: DeclaresErrorCodes {
    /// `onboarding.sync_account`'s error codes.
    public static let errorCodes = OnboardingErrorCodes.stripeBound([.invalidId, .accountNotFound])
}

extension UpdateAccount: DeclaresErrorCodes {
    /// `onboarding.update_account`'s error codes.
    public static let errorCodes = OnboardingErrorCodes.stripeBound([
        .invalidId, .accountNotFound, .invalidState, .updateNotAllowed,
    ])
}

extension AddPerson: DeclaresErrorCodes {
    /// `onboarding.add_person`'s error codes.
    public static let errorCodes = OnboardingErrorCodes.stripeBound([
        .invalidId, .accountNotFound, .invalidState,
    ])
}

extension UpdatePerson: DeclaresErrorCodes {
    /// `onboarding.update_person`'s error codes.
    public static let errorCodes = OnboardingErrorCodes.stripeBound([
        .invalidId, .accountNotFound, .invalidState,
    ])
}

extension CreateLoginLink: DeclaresErrorCodes {
    /// `onboarding.create_login_link`'s error codes.
    public static let errorCodes = OnboardingErrorCodes.stripeBound([
        .invalidId, .accountNotFound, .invalidState, .notExpressDashboard,
    ])
}

extension CreateAccountSession: DeclaresErrorCodes {
    /// `onboarding.create_account_session`'s error codes.
    public static let errorCodes = OnboardingErrorCodes.stripeBound([
        .invalidId, .accountNotFound, .invalidState,
    ])
}

extension CreateOAuthLink: DeclaresErrorCodes {
    /// `onboarding.create_oauth_link`'s error codes (database only: no Stripe call).
    public static let errorCodes = CommandErrorCodes(.database, [.invalidURL, .duplicateReference, .oauthNotConfigured])
}

extension CompleteOAuth: DeclaresErrorCodes {
    /// `onboarding.complete_oauth`'s error codes.
    public static let errorCodes = OnboardingErrorCodes.stripeBound([
        .invalidId, .oauthStateUnknown, .oauthStateUsed, .oauthStateExpired, .oauthCodeInvalid, .duplicateReference,
        .accountAlreadyConnected,
    ])
}

extension DisconnectAccount: DeclaresErrorCodes {
    /// `onboarding.disconnect_account`'s error codes.
    public static let errorCodes = OnboardingErrorCodes.stripeBound([
        .invalidId, .accountNotFound, .invalidState, .oauthNotConfigured, .notConnected,
    ])
}
