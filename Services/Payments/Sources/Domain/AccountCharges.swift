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
    /// The account's `controller.losses.payments` (`application`: the platform carries its
    /// losses; `stripe`: Stripe collects them from the seller), when onboarding said so.
    public var lossesPayments: String?

    /// A projection value.
    public init(
        account: String, chargesEnabled: Bool = false, deauthorized: Bool = false, lastEventAt: Int = 0, lossesPayments: String? = nil
    ) {
        self.lossesPayments = lossesPayments
        self.account = account
        self.chargesEnabled = chargesEnabled
        self.deauthorized = deauthorized
        self.lastEventAt = lastEventAt
    }

    /// `true` when a charge may be created on the account.
    public var canCharge: Bool { chargesEnabled && !deauthorized }

    /// Whether the platform is liable for the account's disputes (`losses.payments` is
    /// `application`); `nil` when not known.
    public var platformLiable: Bool? { lossesPayments.map { $0 == "application" } }

    /// One onboarding fact about the account.
    public enum Input: Sendable, Equatable {
        /// `onboarding.account.created`, with the account's `controller.losses.payments` when given.
        case created(at: Int, lossesPayments: String? = nil)
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
        case .created(let at, let lossesPayments):
            if current == nil { next.lastEventAt = at }
            // Set once at creation: a reordered `created` still brings it.
            if let lossesPayments { next.lossesPayments = lossesPayments }
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
