import Synchronization

/// What `/readyz` reports: migrations applied and every worker and the relay connected
/// to the broker and the database. Thread-safety: `Sendable`, lock-protected.
final class Readiness: Sendable {
    private struct State {
        var migrated = false
        var workers: [Worker] = []
        var relay: OutboxRelay?
    }

    private let state = Mutex(State())

    func markMigrated() { state.withLock { $0.migrated = true } }

    func track(workers: [Worker], relay: OutboxRelay) {
        state.withLock {
            $0.workers = workers
            $0.relay = relay
        }
    }

    /// Readiness with the reasons it is not ready (empty when ready).
    func check() -> (ready: Bool, problems: [String]) {
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
