import Runtime

/// The backfill sweep's Prometheus series:
/// `connectbus_backfill_events_recovered_total` (events stored by a sweep that had not
/// arrived by webhook), `connectbus_backfill_pages_total` (pages of `GET /v1/events`),
/// `connectbus_backfill_sweeps_total{outcome}` (`completed`; `failed` when the database
/// failed or a scope could not be listed; `skipped` when another replica holds the sweep), `connectbus_backfill_scope_errors_total` (a scope whose
/// listing failed; retried next sweep), `connectbus_backfill_scopes_unreachable_total` (a
/// connected account Stripe refused to list with `account_invalid`: not a failure, left out
/// of scheduled sweeps for `BACKFILL_UNREACHABLE_RETRY_SECONDS`), the gauges
/// `connectbus_backfill_last_sweep_timestamp_seconds` (Unix time a sweep last completed with
/// every scope listed) and
/// `connectbus_backfill_high_water_seconds` (the oldest high-water mark over all scopes,
/// Unix seconds on Stripe's clock). Thread-safety: `Sendable`.
struct BackfillMetrics: Sendable {
    let recovered: Counter
    let pages: Counter
    let sweeps: Counter
    let scopeErrors: Counter
    let scopesUnreachable: Counter
    let lastSweep: Gauge
    let highWater: Gauge

    init(registry: MetricsRegistry) {
        recovered = registry.counter(
            "connectbus_backfill_events_recovered_total",
            help: "Stripe events stored by the backfill sweep that had not arrived by webhook.")
        pages = registry.counter("connectbus_backfill_pages_total", help: "Pages of GET /v1/events read by the backfill sweep.")
        sweeps = registry.counter("connectbus_backfill_sweeps_total", help: "Backfill sweeps, by outcome.", labels: ["outcome"])
        scopeErrors = registry.counter(
            "connectbus_backfill_scope_errors_total",
            help: "Scopes (platform or account) whose listing failed in a sweep.")
        scopesUnreachable = registry.counter(
            "connectbus_backfill_scopes_unreachable_total",
            help: "Connected accounts a sweep could not list because Stripe answered account_invalid (deauthorized or gone).")
        lastSweep = registry.gauge(
            "connectbus_backfill_last_sweep_timestamp_seconds",
            help: "Unix time the last backfill sweep completed.")
        highWater = registry.gauge(
            "connectbus_backfill_high_water_seconds",
            help: "Oldest backfill high-water mark over all scopes (Unix seconds, Stripe's clock).")
        recovered.increment(by: 0)  // shown from the start, so `connectbus status` sees a sweeper
    }
}
