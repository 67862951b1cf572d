extension ServiceHost {
    /// The fleet limiter of a service whose configuration names a budget
    /// (`STRIPE_RATE_LIMITS`) and a key; nil otherwise (per-process limits only).
    static func fleetRateLimiter(
        _ config: ServiceConfig, name: String, metrics: RuntimeMetrics,
        log: Logger
    ) -> FleetRateLimiter? {
        guard let budget = config.stripeRateBudget, let key = config.stripeAPIKey, !key.isEmpty else { return nil }
        let settings = FleetRateLimiterSettings(
            budget: budget, localRate: config.stripeRequestsPerSecond, databaseURL: config.databaseURL,
            keyId: StripeKeyIdentity.id(of: key), timeout: config.stripeRateLimitTimeout,
            applicationName: "\(name).stripe-limit")
        return FleetRateLimiter(settings: settings, metrics: metrics.registry, log: log)
    }
}
