/// One thing Stripe told this service about an account: the input of
/// ``OnboardingStateMachine/apply(_:to:)``.
public enum OnboardingInput: Sendable, Equatable {
    /// The account's state from an `account.updated` event (`observedAt` = event `created`).
    /// A snapshot exactly as old as the projection but different from it is ambiguous:
    /// the caller re-fetches the account.
    case event(AccountSnapshot)
    /// The account's state from a fresh `GET /v1/accounts/{id}`: the truth at fetch time,
    /// applied unless strictly older than the projection.
    case fetched(AccountSnapshot)
    /// `account.application.deauthorized` created at the given Unix seconds; terminal and
    /// applied whatever its age.
    case deauthorized(at: Int64)
}
