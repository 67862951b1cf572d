import Testing

@testable import Runtime

/// The families every service exposes (DESIGN §9), registered by ``RuntimeMetrics``.
@Suite struct RuntimeMetricsTests {
    @Test func runtimeMetricsExposeTheDocumentedNames() {
        let metrics = RuntimeMetrics(registry: MetricsRegistry())
        metrics.failed.increment("q", "store.query_failed")
        let text = metrics.registry.render()
        for name in [
            "connectbus_messages_processed_total", "connectbus_messages_failed_total",
            "connectbus_messages_retried_total", "connectbus_messages_dead_lettered_total",
            "connectbus_handler_seconds", "connectbus_outbox_lag_seconds", "connectbus_outbox_pending",
            "connectbus_outbox_relayed_total", "connectbus_outbox_held_total",
            "connectbus_stripe_request_seconds", "connectbus_stripe_errors_total",
            "connectbus_stripe_requests_total",
        ] {
            #expect(text.contains("# TYPE \(name) "), "missing \(name)")
        }
        #expect(text.contains("connectbus_messages_failed_total{queue=\"q\",code=\"store.query_failed\"} 1"))
    }
}
