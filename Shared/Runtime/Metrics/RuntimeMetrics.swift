/// The metrics every service exposes (DESIGN §9), registered in one place.
///
/// Names: `connectbus_messages_processed_total{queue}`, `connectbus_messages_failed_total{queue,code}`,
/// `connectbus_messages_retried_total{queue}`, `connectbus_messages_dead_lettered_total{queue}`,
/// `connectbus_messages_duplicate_total{queue}`, `connectbus_handler_seconds{queue}` (histogram),
/// `connectbus_outbox_lag_seconds`, `connectbus_outbox_pending`, `connectbus_outbox_relayed_total`,
/// `connectbus_outbox_relay_statement_seconds{statement}` (histogram; `take`, `lag`),
/// `connectbus_stripe_request_seconds`
/// (histogram), `connectbus_stripe_errors_total{code}`, `connectbus_stripe_requests_total{method,status}`.
/// Thread-safe.
public struct RuntimeMetrics: Sendable {
    /// The registry the metrics live in.
    public let registry: MetricsRegistry
    /// Messages handled successfully (committed), per queue.
    public let processed: Counter
    /// Handler failures per queue and error code.
    public let failed: Counter
    /// Messages sent to a delay queue, per queue.
    public let retried: Counter
    /// Messages parked in `<queue>.dlq`, per queue.
    public let deadLettered: Counter
    /// Redeliveries recognised by the inbox and acked without work, per queue.
    public let duplicates: Counter
    /// Handler latency in seconds, per queue.
    public let handlerSeconds: Histogram
    /// Age in seconds of the oldest unpublished outbox row.
    public let outboxLag: Gauge
    /// Number of unpublished outbox rows.
    public let outboxPending: Gauge
    /// Rows published by the outbox relay (rows left behind by the workers).
    public let outboxRelayed: Counter
    /// Outbox rows a worker locked against the relay because it was still publishing them,
    /// or awaiting their confirms, at half the relay's grace period, per queue.
    public let outboxHeld: Counter
    /// Duration in seconds of each outbox relay statement, per statement (`take`: the
    /// claim-and-delete of one batch; `lag`: the lag probes).
    public let outboxRelayStatementSeconds: Histogram
    /// Latency of Stripe requests in seconds.
    public let stripeRequestSeconds: Histogram
    /// Stripe errors per error code.
    public let stripeErrors: Counter
    /// Stripe HTTP attempts (retries included) by method and HTTP status (`none` when no
    /// answer arrived), e.g. `status="429"` for Stripe's rate limit.
    public let stripeRequests: Counter

    /// Registers the runtime's families in `registry`.
    public init(registry: MetricsRegistry) {
        self.registry = registry
        processed = registry.counter(
            "connectbus_messages_processed_total",
            help: "Messages handled and committed.", labels: ["queue"])
        failed = registry.counter(
            "connectbus_messages_failed_total",
            help: "Handler failures by error code.", labels: ["queue", "code"])
        retried = registry.counter(
            "connectbus_messages_retried_total",
            help: "Messages sent to a retry delay queue.", labels: ["queue"])
        deadLettered = registry.counter(
            "connectbus_messages_dead_lettered_total",
            help: "Messages parked in the dead-letter queue.", labels: ["queue"])
        duplicates = registry.counter(
            "connectbus_messages_duplicate_total",
            help: "Redeliveries acknowledged without work (inbox).", labels: ["queue"])
        handlerSeconds = registry.histogram(
            "connectbus_handler_seconds",
            help: "Handler latency in seconds.", labels: ["queue"])
        outboxLag = registry.gauge(
            "connectbus_outbox_lag_seconds",
            help: "Age in seconds of the oldest unpublished outbox row.")
        outboxPending = registry.gauge("connectbus_outbox_pending", help: "Unpublished outbox rows.")
        outboxRelayed = registry.counter(
            "connectbus_outbox_relayed_total",
            help: "Outbox rows published by the relay.")
        outboxHeld = registry.counter(
            "connectbus_outbox_held_total",
            help: "Outbox rows a worker locked against the relay, still publishing them at half its grace period.",
            labels: ["queue"])
        outboxRelayStatementSeconds = registry.histogram(
            "connectbus_outbox_relay_statement_seconds", help: "Outbox relay statement duration in seconds.",
            labels: ["statement"], buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10])
        stripeRequestSeconds = registry.histogram(
            "connectbus_stripe_request_seconds",
            help: "Stripe request latency in seconds.")
        stripeErrors = registry.counter(
            "connectbus_stripe_errors_total",
            help: "Stripe errors by code.", labels: ["code"])
        stripeRequests = registry.counter(
            "connectbus_stripe_requests_total",
            help: "Stripe HTTP attempts (retries included) by method and HTTP status.",
            labels: ["method", "status"])
        outboxLag.set(0)
        outboxPending.set(0)
        outboxRelayed.increment(by: 0)
    }

    /// Sets `connectbus_outbox_pending` and `connectbus_outbox_lag_seconds` from an outbox
    /// lag reading (`OutboxDrain.lag(countLimit:on:)`: rows, age of the oldest in seconds).
    public func recordOutboxLag(_ lag: (count: Int, oldestAgeSeconds: Double)) {
        outboxPending.set(Double(lag.count))
        outboxLag.set(lag.oldestAgeSeconds)
    }
}
