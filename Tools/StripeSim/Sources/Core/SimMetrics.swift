import RuntimeCore

/// The simulator's own Prometheus metrics, served at `GET /metrics` (text format 0.0.4, by
/// the runtime's `MetricsRegistry`): `stripe_sim_requests_total{method,status}` counts every
/// API request answered (status `0` for a connection dropped on purpose),
/// `stripe_sim_faults_total{fault}` the faults injected (`429`, `500`, `drop`,
/// `latency=<ms>`, as labelled in the request log).
///
/// Thread-safety: every member may be called from any thread.
final class SimMetrics: Sendable {
    /// The family of answered requests.
    static let requestsName = "stripe_sim_requests_total"
    /// The family of injected faults.
    static let faultsName = "stripe_sim_faults_total"
    private let registry = MetricsRegistry()
    private let requests: Counter
    private let faults: Counter

    init() {
        requests = registry.counter(
            Self.requestsName, help: "API requests answered by method and HTTP status.", labels: ["method", "status"])
        faults = registry.counter(Self.faultsName, help: "Faults injected by kind.", labels: ["fault"])
    }

    /// Counts one answered request.
    func record(method: String, status: Int, fault: String?) {
        requests.increment(method, String(status))
        if let fault { faults.increment(fault) }
    }

    /// The metrics in the Prometheus text format, families sorted by name.
    func render() -> String { registry.render() }
}
