/// Capped exponential backoff with jitter for reconnecting after a broker or database
/// outage: 100 ms, 200 ms, … up to `cap` (default 5 s), ±20 % jitter; ``reset()`` after a
/// success. Never zero, so a failing loop never spins. ``BackgroundLoop`` keeps one per
/// thread; `Backoff(initial: d, cap: d)` retries about every `d`. A plain value.
public struct Backoff: Sendable {
    /// The first delay.
    public let initial: Duration
    /// The longest delay.
    public let cap: Duration
    /// Failures since the last ``reset()``.
    public private(set) var failures = 0

    /// A backoff from `initial`, doubling up to `cap`.
    public init(initial: Duration = .milliseconds(100), cap: Duration = .seconds(5)) {
        self.initial = initial
        self.cap = cap
    }

    /// The next delay, growing with each call until ``reset()``.
    public mutating func next() -> Duration {
        let exponent = min(failures, 16)
        failures += 1
        let base = min(cap, initial * (1 << exponent))
        return base * Double.random(in: 0.8...1.2)
    }

    /// Starts again from `initial`.
    public mutating func reset() { failures = 0 }
}
