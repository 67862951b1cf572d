import Foundation

/// A thread that calls ``tick`` whenever scheduled work may be due: at least once a second
/// while the clock runs, at once after ``wake()`` (new work, a clock change). What is due is
/// decided by the simulator against its ``SimClock``. Thread-safe.
final class SimScheduler: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopping = false
    /// The scheduler thread (``stop()`` joins it).
    private let thread = SimThread(name: "stripe-sim-scheduler")
    private var woken = false
    private var nextDue: Double?
    private let clock: SimClock
    /// Runs due work and returns the next due instant (simulated Unix seconds), if any.
    nonisolated(unsafe) var tick: @Sendable () -> Double? = { nil }

    init(clock: SimClock) { self.clock = clock }

    /// Starts the thread (once).
    func start() {
        thread.start { [self] in run() }
    }

    /// Stops the thread and returns once it has ended (after the ``tick`` in progress), so
    /// a process may exit with none of the simulator's work running. Called from ``tick``
    /// itself, it only asks the thread to stop.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
        thread.join()
    }

    /// Makes the thread look at due work now.
    func wake() {
        condition.lock()
        woken = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            if stopping { condition.unlock(); return }
            var wait = 1.0
            if let due = nextDue, let real = clock.realSeconds(until: due) { wait = min(wait, real) }
            if !woken, wait > 0 { _ = condition.wait(until: Date().addingTimeInterval(wait)) }
            woken = false
            let stop = stopping
            condition.unlock()
            if stop { return }
            let next = tick()
            condition.lock()
            nextDue = next
            condition.unlock()
        }
    }
}
