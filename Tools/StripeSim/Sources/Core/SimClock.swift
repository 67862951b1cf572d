public import Foundation

/// The simulator's one time source: Unix seconds that run with the wall clock, shifted by
/// an offset (``advance(by:)``) or frozen at one instant (``freeze(at:)``). Everything
/// time-based in the simulator reads it: `created` stamps, account link, Checkout Session
/// and authorization expiry, delayed (SEPA) settlement, Terminal's confirm window, event
/// retention, idempotency key expiry and the webhook retry schedule. Thread-safe.
public final class SimClock: @unchecked Sendable {
    private let lock = NSLock()
    private var offset: Double = 0
    private var frozenAt: Double?
    private var observers: [@Sendable () -> Void] = []
    private let wall: @Sendable () -> Double

    /// A clock running with `wall` (default: the system's Unix time in seconds).
    public init(wall: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.wall = wall
    }

    /// The simulated Unix time in seconds (with fractions).
    public var now: Double {
        lock.lock()
        defer { lock.unlock() }
        return frozenAt ?? wall() + offset
    }

    /// Whole Unix seconds, as Stripe's `created` fields carry them.
    public var seconds: Int { Int(now.rounded(.down)) }

    /// Whether the clock stands still.
    public var isFrozen: Bool {
        lock.lock()
        defer { lock.unlock() }
        return frozenAt != nil
    }

    /// How far the simulated time is ahead of the wall clock, in seconds.
    public var offsetSeconds: Double {
        lock.lock()
        defer { lock.unlock() }
        return (frozenAt.map { $0 - wall() }) ?? offset
    }

    /// Moves the clock forward by `seconds` (a negative value is refused by the control plane).
    public func advance(by seconds: Double) {
        lock.lock()
        if let frozen = frozenAt { frozenAt = frozen + seconds } else { offset += seconds }
        lock.unlock()
        notify()
    }

    /// Stops the clock at `instant` (Unix seconds; default: now).
    public func freeze(at instant: Double? = nil) {
        lock.lock()
        frozenAt = instant ?? frozenAt ?? wall() + offset
        lock.unlock()
        notify()
    }

    /// Lets a frozen clock run again from where it stood.
    public func unfreeze() {
        lock.lock()
        if let frozen = frozenAt { offset = frozen - wall(); frozenAt = nil }
        lock.unlock()
        notify()
    }

    /// Runs with the wall clock again (no offset, not frozen).
    public func reset() {
        lock.lock()
        offset = 0
        frozenAt = nil
        lock.unlock()
        notify()
    }

    /// Sets the state restored from a snapshot: `now` and whether it stands still there.
    func restore(now instant: Double, frozen: Bool) {
        lock.lock()
        if frozen { frozenAt = instant } else { frozenAt = nil; offset = instant - wall() }
        lock.unlock()
        notify()
    }

    /// Real seconds until the simulated instant `due` is reached; nil while frozen before it.
    func realSeconds(until due: Double) -> Double? {
        lock.lock()
        defer { lock.unlock() }
        if let frozen = frozenAt { return due <= frozen ? 0 : nil }
        return max(0, due - (wall() + offset))
    }

    /// Calls `observer` after every change (used to wake threads that wait for a due time).
    func observe(_ observer: @escaping @Sendable () -> Void) {
        lock.lock()
        observers.append(observer)
        lock.unlock()
    }

    private func notify() {
        lock.lock()
        let observers = self.observers
        lock.unlock()
        for observer in observers { observer() }
    }
}
