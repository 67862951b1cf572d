/// The payments service's own projection of one connected account: can it take charges?
///
/// Fed by `onboarding.account.*` events. `created` inserts a not-yet-ready account;
/// `updated` and `onboarding_completed` carry `charges_enabled`; `deauthorized` disables the
/// account for good. Events older than the newest applied (`occurred_at`) are ignored, so
/// a late `updated` never re-enables an account. Thread-safety: a plain `Sendable` value.
public struct AccountCharges: Sendable, Equatable {
    /// The connected account (`acct_…`).
    public var account: String
    /// Stripe's `charges_enabled` as last reported.
    public var chargesEnabled: Bool
    /// The seller disconnected the platform.
    public var deauthorized: Bool
    /// `occurred_at` of the newest event applied (Unix seconds).
    public var lastEventAt: Int

    /// A projection value.
    public init(account: String, chargesEnabled: Bool = false, deauthorized: Bool = false, lastEventAt: Int = 0) {
        self.account = account
        self.chargesEnabled = chargesEnabled
        self.deauthorized = deauthorized
        self.lastEventAt = lastEventAt
    }

    /// `true` when a charge may be created on the account.
    public var canCharge: Bool { chargesEnabled && !deauthorized }

    /// One onboarding fact about the account.
    public enum Input: Sendable, Equatable {
        /// `onboarding.account.created`.
        case created(at: Int)
        /// `onboarding.account.updated` / `onboarding_completed` with `charges_enabled`.
        case chargesEnabled(Bool, at: Int)
        /// `onboarding.account.deauthorized`.
        case deauthorized(at: Int)
    }

    /// The projection after `input` (unchanged for stale inputs). `current` is `nil` for an
    /// account not seen before.
    public static func apply(_ input: Input, to current: AccountCharges?, account: String) -> AccountCharges {
        var next = current ?? AccountCharges(account: account)
        switch input {
        case .created(let at):
            if current == nil { next.lastEventAt = at }
        case .chargesEnabled(let enabled, let at):
            guard at >= next.lastEventAt else { return next }
            next.chargesEnabled = enabled
            next.lastEventAt = at
        case .deauthorized(let at):
            next.deauthorized = true
            next.lastEventAt = max(next.lastEventAt, at)
        }
        return next
    }
}
