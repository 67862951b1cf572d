/// What a service's parts share with its host, made before the host so that a service builds
/// its own parts (and the routes and endpoints that call them) first and hands them to
/// ``ServiceHost/init(resources:schema:migrations:routes:http:publicListener:parts:makeStripe:)``:
/// the logger, the metrics registry served at `/metrics`, the process's Stripe rate limiter
/// and the outbox relay's wake-up (``RelayWakeup``, rung by a part that writes rows for the
/// relay; the relay listens on it once it runs).
///
/// Thread-safety: `Sendable`, immutable.
public final class HostResources: Sendable {
    /// The service's name (`notifications`).
    public let name: String
    /// The configuration the host runs with.
    public let config: ServiceConfig
    /// The host's logger.
    public let log: Logger
    /// The metrics served at `/metrics`.
    public let metrics: RuntimeMetrics
    /// The process's Stripe rate limiter (`STRIPE_RATE_LIMIT`, and the fleet's with
    /// `STRIPE_RATE_LIMITS`), shared by the workers and a service's own Stripe callers.
    public let stripeRateLimiter: StripeRateLimiter
    /// The outbox relay's wake-up.
    public let relayWakeup: RelayWakeup

    /// Resources for service `name` with `config`.
    /// - Parameter log: the logger (default: JSON lines on standard error at the configured level).
    public init(name: String, config: ServiceConfig, log: Logger? = nil) {
        self.name = name
        self.config = config
        let log = log ?? Logger(service: name, level: config.logLevel)
        self.log = log
        let metrics = RuntimeMetrics(registry: MetricsRegistry())
        self.metrics = metrics
        stripeRateLimiter = StripeRateLimiter(
            ratePerSecond: config.stripeRequestsPerSecond,
            fleet: ServiceHost.fleetRateLimiter(config, name: name, metrics: metrics, log: log))
        relayWakeup = RelayWakeup()
    }

    /// Wakes the outbox relay to publish rows just committed for it (``RelayWakeup/ring()``);
    /// remembered until the relay runs.
    public func nudgeOutboxRelay() { relayWakeup.ring() }
}
