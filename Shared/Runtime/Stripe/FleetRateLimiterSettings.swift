/// What a ``FleetRateLimiter`` needs: the fleet's budget (`STRIPE_RATE_LIMITS`), the
/// process's own limit for degraded mode (`STRIPE_RATE_LIMIT`), the database holding the
/// shared buckets, the key it limits, and how long a decision may take before the process
/// decides alone (`STRIPE_RATE_LIMIT_TIMEOUT_MS`). Thread-safety: a value.
public struct FleetRateLimiterSettings: Sendable {
    /// The budget every process using the key shares.
    public var budget: StripeRateBudget
    /// Requests per second this process allows itself while the database is slow or down;
    /// endpoint budgets shrink in the same proportion.
    public var localRate: Double
    /// The service's `DATABASE_URL` (its role may execute `stripe_limits.take`).
    public var databaseURL: String
    /// ``StripeKeyIdentity/id(of:)`` of the key.
    public var keyId: String
    /// Longest wait for the database's decision (default 100 ms); slower answers put the
    /// process in degraded mode for ``degradedFor``.
    public var timeout: Duration
    /// How long the process decides alone after the database failed or was slow before it
    /// asks the database again (default 2 s).
    public var degradedFor: Duration
    /// The connection's `application_name`, e.g. `payments.stripe-limit`.
    public var applicationName: String

    /// Settings with the documented defaults.
    public init(
        budget: StripeRateBudget, localRate: Double, databaseURL: String, keyId: String,
        timeout: Duration = .milliseconds(100), degradedFor: Duration = .seconds(2),
        applicationName: String = "stripe-limit"
    ) {
        self.budget = budget
        self.localRate = localRate
        self.databaseURL = databaseURL
        self.keyId = keyId
        self.timeout = timeout
        self.degradedFor = degradedFor
        self.applicationName = applicationName
    }

    /// The per-process budget of degraded mode: ``localRate`` overall (never above the
    /// fleet's), each endpoint scaled by the same share.
    public var localBudget: StripeRateBudget {
        let global = min(localRate, budget.global)
        return StripeRateBudget(
            global: global, endpoint: budget.endpoint.map { $0 * global / budget.global },
            burstSeconds: budget.burstSeconds)
    }
}
