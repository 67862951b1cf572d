import RuntimeCore

/// Runs the simulator's due work (delayed payment outcomes, payouts, reminders) on a
/// ``BackgroundLoop`` named `stripe-sim-scheduler`: ``tick`` runs whatever is due against the
/// ``SimClock`` and returns the next due instant; the loop then waits until that instant in
/// real time, at most a second, and less after ``wake()`` (new work, a clock change) or
/// ``stop()``. Thread-safe.
final class SimScheduler: @unchecked Sendable {
    private let loop = BackgroundLoop(name: "stripe-sim-scheduler")
    private let clock: SimClock
    /// Runs due work and returns the next due instant (simulated Unix seconds), if any. Set
    /// before ``start()``.
    nonisolated(unsafe) var tick: @Sendable () -> Double? = { nil }

    init(clock: SimClock) { self.clock = clock }

    /// Starts the thread (once; never after ``stop()``).
    func start() {
        let clock = clock, tick = tick
        loop.start { Ticks(clock: clock, tick: tick) }
    }

    /// Stops the thread and returns once it has ended (after the ``tick`` in progress), so
    /// a process may exit with none of the simulator's work running. Called from ``tick``
    /// itself, it only asks the thread to stop.
    func stop() {
        loop.stop()
        loop.join()
    }

    /// Makes the thread look at due work now.
    func wake() { loop.nudge() }

    /// One tick per step, then a wait until the next due instant (at most a second).
    private struct Ticks: BackgroundTask {
        let clock: SimClock
        let tick: @Sendable () -> Double?

        func step() -> BackgroundLoop.Next {
            var wait = 1.0
            if let due = tick(), let real = clock.realSeconds(until: due) { wait = min(wait, real) }
            return wait > 0 ? .idle(.seconds(wait)) : .again
        }
    }
}
