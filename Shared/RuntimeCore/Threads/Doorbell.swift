/// A wake-up call for a thread that sleeps between polls: ``ring()`` ends the current (or
/// next) ``wait(_:)`` at once; rings while nobody waits are remembered as one. The outbox
/// relay sleeps on one so that a writer can hand it fresh rows without waiting for the
/// next poll.
/// Thread-safety: `Sendable`; any thread may ring or wait.
public final class Doorbell: @unchecked Sendable {
    private let condition = TimedCondition()
    private var rung = false  // Guarded by `condition`.

    /// A doorbell not rung.
    public init() {}

    /// Wakes the waiter (or the next one).
    public func ring() {
        condition.locked { rung = true }
    }

    /// Sleeps up to `duration`, or less when rung; returns whether it was rung (and clears
    /// the ring).
    @discardableResult
    public func wait(_ duration: Duration) -> Bool {
        condition.wait(duration, until: { rung }, after: { _ in rung = false })
    }
}
