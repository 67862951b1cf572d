import Runtime

/// The ingress's Prometheus counters: `connectbus_webhook_events_received_total{endpoint}`,
/// `connectbus_webhook_events_rejected_total{reason}`,
/// `connectbus_webhook_events_duplicates_total` (outbox lag is the runtime's
/// `connectbus_outbox_*` gauges). Thread-safety: `Sendable`.
struct WebhookMetrics: Sendable {
    let received: Counter
    let rejected: Counter
    let duplicates: Counter

    init(registry: MetricsRegistry) {
        received = registry.counter("connectbus_webhook_events_received_total",
                                    help: "Verified Stripe webhook events accepted (new or duplicate), by endpoint.",
                                    labels: ["endpoint"])
        rejected = registry.counter("connectbus_webhook_events_rejected_total",
                                    help: "Webhook requests refused, by reason.", labels: ["reason"])
        duplicates = registry.counter("connectbus_webhook_events_duplicates_total",
                                      help: "Webhook events whose id was stored before (nothing re-published).")
    }
}
