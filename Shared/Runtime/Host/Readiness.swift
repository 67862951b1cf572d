import Synchronization

/// What `/readyz` reports: migrations applied and every worker and the relay connected
/// to the broker and the database (else not ready), plus the service's own
/// ``ReadinessCheck``s (a degraded one makes the status `degraded`, still ready).
/// `/readyz/ingress` (``checkIngress()``) is the readiness to take traffic of a service whose
/// parts serve requests without the broker (``ServicePart/needsBroker``: the webhook
/// ingress): migrated and those parts started, whatever the broker's state; a service
/// without such parts answers it as `/readyz`.
/// Thread-safety: `Sendable`, lock-protected.
final class Readiness: Sendable {
    /// One answer of ``check()``.
    struct Report: Sendable, Equatable {
        /// Migrated, and every worker and the relay connected.
        var ready: Bool
        /// Why it is not ready (empty when ready).
        var problems: [String]
        /// The service's own checks, in registration order.
        var checks: [ReadinessCheck]

        /// `not_ready`, `degraded` (ready, and a check is degraded) or `ready`.
        var status: String {
            if !ready { return "not_ready" }
            return checks.contains(where: \.degraded) ? "degraded" : "ready"
        }
    }

    private struct State {
        var migrated = false
        var workers: [Worker] = []
        var relay: OutboxRelay?
        /// `nil` when the service has no part that serves without the broker; else whether
        /// those parts have started.
        var ingressStarted: Bool?
    }

    private let state = Mutex(State())
    private let sources = Mutex<[@Sendable () -> [ReadinessCheck]]>([])

    func markMigrated() { state.withLock { $0.migrated = true } }

    /// The service has parts that serve without the broker: `/readyz/ingress` waits for them.
    func expectIngress() { state.withLock { $0.ingressStarted = $0.ingressStarted ?? false } }

    /// The parts that serve without the broker have started.
    func markIngressStarted() { state.withLock { $0.ingressStarted = true } }

    func track(workers: [Worker], relay: OutboxRelay) {
        state.withLock {
            $0.workers = workers
            $0.relay = relay
        }
    }

    /// Adds a source of checks, asked on every ``check()`` (outside the lock).
    func add(_ source: @escaping @Sendable () -> [ReadinessCheck]) {
        sources.withLock { $0.append(source) }
    }

    /// Readiness with the reasons it is not ready, and the service's checks.
    func check() -> Report {
        let (ready, problems) = connections()
        let checks = sources.withLock { $0 }.flatMap { $0() }
        return Report(ready: ready, problems: problems, checks: checks)
    }

    /// Readiness to take traffic (`/readyz/ingress`): migrated and the parts that serve without
    /// the broker started, with the service's checks; as ``check()`` for a service without
    /// such parts.
    func checkIngress() -> Report {
        let ingress = state.withLock { state -> (migrated: Bool, started: Bool)? in
            state.ingressStarted.map { (state.migrated, $0) }
        }
        guard let ingress else { return check() }
        var problems: [String] = []
        if !ingress.migrated { problems.append("database not migrated yet") }
        if !ingress.started { problems.append("ingress not started") }
        let checks = sources.withLock { $0 }.flatMap { $0() }
        return Report(ready: problems.isEmpty, problems: problems, checks: checks)
    }

    private func connections() -> (ready: Bool, problems: [String]) {
        state.withLock { state in
            var problems: [String] = []
            if !state.migrated { problems.append("database not migrated yet") }
            guard let relay = state.relay else { return (false, problems + ["workers not started"]) }
            let down = state.workers.filter { !$0.isConnected }.map(\.name)
            if !down.isEmpty { problems.append("workers not connected: " + down.joined(separator: ", ")) }
            if !relay.isConnected { problems.append("outbox relay not connected") }
            return (problems.isEmpty, problems)
        }
    }
}
