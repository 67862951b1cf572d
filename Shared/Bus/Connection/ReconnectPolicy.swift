/// How ``ReconnectingConnection`` waits between dial attempts: exponential backoff with a
/// cap and optional jitter. Thread-safe (a value type).
public struct ReconnectPolicy: Sendable, Equatable {
    /// Wait after the first failed attempt.
    public var initialDelay: Duration
    /// The longest wait between attempts.
    public var maxDelay: Duration
    /// Growth factor per failed attempt (≥ 1).
    public var multiplier: Double
    /// Fraction of each wait that is randomised (0 = none, 0.2 = ±20 %), so many workers
    /// do not re-dial in lockstep after a broker restart.
    public var jitter: Double
    /// Give up after this many failed attempts in a row (`nil` = keep trying).
    public var maxAttempts: Int?

    /// Creates a policy; defaults: 100 ms doubling up to 10 s, ±20 % jitter, no limit.
    public init(
        initialDelay: Duration = .milliseconds(100), maxDelay: Duration = .seconds(10),
        multiplier: Double = 2, jitter: Double = 0.2, maxAttempts: Int? = nil
    ) {
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.multiplier = max(multiplier, 1)
        self.jitter = min(max(jitter, 0), 1)
        self.maxAttempts = maxAttempts
    }

    /// The wait before the next attempt after `failures` failed attempts in a row (≥ 1),
    /// before jitter: `initialDelay × multiplier^(failures-1)`, capped at `maxDelay`.
    public func baseDelay(afterFailures failures: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(failures, 1) {
            delay = delay * multiplier
            if delay >= maxDelay { return maxDelay }
        }
        return min(delay, maxDelay)
    }

    /// ``baseDelay(afterFailures:)`` with jitter applied.
    public func delay(afterFailures failures: Int) -> Duration {
        let base = baseDelay(afterFailures: failures)
        guard jitter > 0 else { return base }
        return base * Double.random(in: (1 - jitter)...(1 + jitter))
    }
}
