import Synchronization

/// A one-way "please stop" flag that threads poll and sleep on: ``wait(_:)`` sleeps up to
/// a duration but returns at once when ``stop()`` is called.
/// Thread-safety: `Sendable`; any thread may stop or wait.
public final class StopSignal: @unchecked Sendable {
    private let condition = TimedCondition()
    private let flag = Atomic<Bool>(false)

    /// A signal not yet stopped.
    public init() {}

    /// `true` once ``stop()`` was called.
    public var isStopped: Bool { flag.load(ordering: .acquiring) }

    /// Sets the flag and wakes every waiter.
    public func stop() {
        condition.locked(wakeAll: true) { flag.store(true, ordering: .releasing) }
    }

    /// Sleeps up to `duration`; returns `true` if stopped (now or while waiting).
    @discardableResult
    public func wait(_ duration: Duration) -> Bool {
        condition.wait(duration, until: { isStopped })
    }
}
