import Foundation
import Synchronization

/// A one-way "please stop" flag that threads poll and sleep on: ``wait(_:)`` sleeps up to
/// a duration but returns at once when ``stop()`` is called.
/// Thread-safety: `Sendable`; any thread may stop or wait.
final class StopSignal: Sendable {
    private let condition = NSCondition()
    private let flag = Atomic<Bool>(false)

    init() {}

    /// `true` once ``stop()`` was called.
    var isStopped: Bool { flag.load(ordering: .acquiring) }

    /// Sets the flag and wakes every waiter.
    func stop() {
        condition.lock()
        flag.store(true, ordering: .releasing)
        condition.broadcast()
        condition.unlock()
    }

    /// Sleeps up to `duration`; returns `true` if stopped (now or while waiting).
    @discardableResult
    func wait(_ duration: Duration) -> Bool {
        let deadline = Date().addingTimeInterval(duration.seconds)
        condition.lock()
        defer { condition.unlock() }
        while !isStopped {
            if !condition.wait(until: deadline) { break }
        }
        return isStopped
    }
}
