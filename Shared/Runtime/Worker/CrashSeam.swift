import Synchronization

/// Test seam: makes a worker of a queue behave, once, as if its process were killed between
/// a commit and the publishes that follow it — nothing of that transaction is published,
/// deleted or acked, and the worker drops its connections (the broker redelivers the
/// messages) — so tests can check that the relay alone then publishes the committed rows,
/// exactly once. Armed only by tests (`@testable import Runtime`); costs one atomic load
/// per commit otherwise (the set's lock is taken only while some queue is armed).
/// Thread-safety: a process-wide set behind a mutex, with an atomic count of its members.
enum CrashSeam {
    /// The error the worker throws in place of the publishes.
    struct SimulatedCrash: Error, CustomStringConvertible {
        let queue: String
        var description: String { "simulated crash after commit on \(queue)" }
    }

    private static let armed = Mutex<Set<String>>([])
    private static let armedCount = Atomic<Int>(0)

    /// Arms the seam for the next commit of a worker of `queue`.
    static func arm(queue: String) {
        armed.withLock { armed in
            if armed.insert(queue).inserted { armedCount.add(1, ordering: .releasing) }
        }
    }

    /// Called right after a commit: throws (once per arming) when armed for `queue`.
    /// - Throws: ``SimulatedCrash``.
    static func afterCommit(_ queue: String) throws(SimulatedCrash) {
        guard armedCount.load(ordering: .acquiring) > 0 else { return }
        let removed = armed.withLock { armed in
            guard armed.remove(queue) != nil else { return false }
            armedCount.subtract(1, ordering: .releasing)
            return true
        }
        if removed { throw SimulatedCrash(queue: queue) }
    }
}
