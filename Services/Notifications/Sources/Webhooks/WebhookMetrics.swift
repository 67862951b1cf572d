import Runtime

/// The ingress's Prometheus counters: `connectbus_webhook_events_received_total{endpoint}`,
/// `connectbus_webhook_events_rejected_total{endpoint,reason}`,
/// `connectbus_webhook_events_duplicates_total`, and the histogram
/// `connectbus_webhook_request_seconds` of the time from a complete request to its answer
/// (verification, parsing and the commit; outbox lag is the runtime's `connectbus_outbox_*`
/// gauges), and `connectbus_webhook_check_seconds`, its first part: the checks (method, size,
/// media type, signature, JSON) until the event is handed to the group commit, whose own
/// `connectbus_group_commit_wait_seconds` and `…_write_seconds{name="webhooks"}` time the
/// rest. Thread-safety: `Sendable`.
struct WebhookMetrics: Sendable {
    let received: Counter
    let rejected: Counter
    let duplicates: Counter
    let requestSeconds: Histogram
    let checkSeconds: Histogram

    /// Bucket upper bounds of ``requestSeconds``, in seconds (0.5 ms … 1 s).
    static let requestBuckets = [0.0005, 0.001, 0.002, 0.004, 0.006, 0.008, 0.010, 0.015, 0.025, 0.05, 0.1, 0.25, 1]

    init(registry: MetricsRegistry) {
        received = registry.counter(
            "connectbus_webhook_events_received_total",
            help: "Verified Stripe webhook events accepted (new or duplicate), by endpoint.",
            labels: ["endpoint"])
        rejected = registry.counter(
            "connectbus_webhook_events_rejected_total",
            help: "Webhook requests refused, by endpoint and reason.", labels: ["endpoint", "reason"])
        duplicates = registry.counter(
            "connectbus_webhook_events_duplicates_total",
            help: "Webhook events whose id was stored before (nothing re-published).")
        requestSeconds = registry.histogram(
            "connectbus_webhook_request_seconds",
            help: "Time from a complete webhook request to its answer, in seconds.",
            buckets: WebhookMetrics.requestBuckets)
        checkSeconds = registry.histogram(
            "connectbus_webhook_check_seconds",
            help: "Time from a complete webhook request until its verified event is handed to the group commit, in seconds.",
            buckets: MetricsRegistry.stageBuckets)
    }
}
