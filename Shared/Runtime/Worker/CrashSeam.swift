import Synchronization

/// Test seam: makes a worker of a queue behave, once, as if its process were killed between
/// a commit and the publishes that follow it — nothing of that transaction is published,
/// deleted or acked, and the worker drops its connections (the broker redelivers the
/// messages) — so tests can check that the relay alone then publishes the committed rows,
/// exactly once. It can instead run a test's closure at that point (``arm(queue:pause:)``),
/// on the worker's thread, before the worker publishes: what happens in the window between a
/// commit and the publishes (e.g. a relay woken there) is then deterministic. Or it can make
/// the broker look slow to confirm a worker's rows (``armConfirmStall(queue:whileHeld:)``), to check
/// the worker's hold on them against the relay.
/// Armed only by tests (`@testable import Runtime`); costs one atomic load per commit
/// otherwise (the table's lock is taken only while some queue is armed).
/// Thread-safety: a process-wide table behind a mutex, with an atomic count of its entries.
enum CrashSeam {
    /// The error the worker throws in place of the publishes.
    struct SimulatedCrash: Error, CustomStringConvertible {
        let queue: String
        var description: String { "simulated crash after commit on \(queue)" }
    }

    /// What the next commit on an armed queue does.
    private enum Action {
        case crash
        case pause(@Sendable () -> Void)
    }

    private static let armed = Mutex<[String: Action]>([:])
    private static let armedCount = Atomic<Int>(0)

    /// Arms the seam for the next commit of a worker of `queue`: a simulated crash.
    static func arm(queue: String) { arm(queue, .crash) }

    /// Arms the seam for the next commit of a worker of `queue`: `pause` runs on the
    /// worker's thread right after that commit, and the worker goes on (publishes, acks)
    /// when it returns.
    static func arm(queue: String, pause: @escaping @Sendable () -> Void) { arm(queue, .pause(pause)) }

    /// Arms the seam for the next confirm wait of a worker of `queue` that has rows of its
    /// own to hold: the broker is taken not to have confirmed them by half the relay's grace
    /// period, so the worker holds them (`OutboxPublisher.confirm(_:holding:bus:simulatedStall:)`),
    /// and `whileHeld` runs on the worker's thread while they are held, before the real wait.
    static func armConfirmStall(queue: String, whileHeld: @escaping @Sendable () -> Void) {
        arm(confirmKey(queue), .pause(whileHeld))
    }

    /// The armed confirm stall of `queue` (``armConfirmStall(queue:whileHeld:)``), taken once.
    static func confirmStall(_ queue: String) -> (@Sendable () -> Void)? {
        guard armedCount.load(ordering: .acquiring) > 0 else { return nil }
        guard case .pause(let whileHeld) = take(confirmKey(queue)) else { return nil }
        return whileHeld
    }

    private static func confirmKey(_ queue: String) -> String { "confirm " + queue }

    private static func take(_ key: String) -> Action? {
        armed.withLock { armed -> Action? in
            guard let action = armed.removeValue(forKey: key) else { return nil }
            armedCount.subtract(1, ordering: .releasing)
            return action
        }
    }

    private static func arm(_ queue: String, _ action: Action) {
        armed.withLock { armed in
            if armed.updateValue(action, forKey: queue) == nil { armedCount.add(1, ordering: .releasing) }
        }
    }

    /// Called right after a commit: throws or pauses (once per arming) when armed for `queue`.
    /// - Throws: ``SimulatedCrash``.
    static func afterCommit(_ queue: String) throws(SimulatedCrash) {
        guard armedCount.load(ordering: .acquiring) > 0 else { return }
        switch take(queue) {
        case .crash: throw SimulatedCrash(queue: queue)
        case .pause(let pause): pause()
        case nil: return
        }
    }
}
