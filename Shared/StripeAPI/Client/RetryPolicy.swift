#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When and how long to wait before repeating a failed Stripe request.
///
/// Retryable: network failures (`status == nil`), 409 (conflict, e.g. a concurrent
/// request with the same idempotency key), 429 (rate limit or lock timeout) and every 5xx.
/// Never: 400, 401, 402, 403, 404 and other statuses. Stripe's `Stripe-Should-Retry`
/// header overrides both ways (`true` forces, `false` forbids). Delays grow
/// exponentially with full jitter: a uniform random wait in
/// `0 … min(maxDelay, baseDelay × 2^attempt)`. Every retry sends the same
/// `Idempotency-Key`. Thread-safe: a value type.
public struct RetryPolicy: Sendable, Equatable {
    /// How many times a request may be repeated after the first attempt (0 = never).
    public var maxRetries: Int
    /// The first retry's delay ceiling (default 0.5 s).
    public var baseDelay: Duration
    /// The largest delay ceiling (default 8 s).
    public var maxDelay: Duration

    /// A policy; defaults follow Stripe's libraries' shape with a 0.5 s base and 8 s cap.
    public init(maxRetries: Int = 2, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(8)) {
        self.maxRetries = max(0, maxRetries); self.baseDelay = baseDelay; self.maxDelay = maxDelay
    }

    /// Whether an answer with this status (nil = no answer) may succeed when repeated.
    public static func isRetryable(status: Int?, stripeShouldRetry: Bool?) -> Bool {
        if let stripeShouldRetry { return stripeShouldRetry }
        guard let status else { return true }
        switch status {
        case 409, 429, 500...599: return true
        default: return false
        }
    }

    /// Whether to repeat after the `attempt`-th failure (0 = the first request failed).
    public func shouldRetry(status: Int?, stripeShouldRetry: Bool?, attempt: Int) -> Bool {
        if let status, (200..<300).contains(status) { return false }
        return attempt < maxRetries && Self.isRetryable(status: status, stripeShouldRetry: stripeShouldRetry)
    }

    /// The ceiling of the wait before retry number `attempt + 1`: `min(maxDelay, baseDelay × 2^attempt)`.
    public func delayCeiling(attempt: Int) -> Duration {
        let factor = 1 << min(max(attempt, 0), 30)
        let ceiling = baseDelay * factor
        return ceiling > maxDelay ? maxDelay : ceiling
    }

    /// The wait before retry number `attempt + 1`: `ceiling × unit`, where `unit` is a
    /// uniform random number in `0…1` (injectable for tests).
    public func delay(attempt: Int, unit: Double) -> Duration {
        delayCeiling(attempt: attempt) * min(max(unit, 0), 1)
    }
}
