import Foundation

/// Enforces ``SimRateLimits``: one token bucket per key (capacity one second of its rate, at least 1,
/// refilled continuously on the wall clock, not the simulated one: rate limits are about
/// real load) and one per key and endpoint. A request is admitted only when both buckets
/// hold a token (then both lose one); otherwise it is refused with Stripe's reason,
/// `global-rate` or `endpoint-rate` (the `Stripe-Rate-Limited-Reason` header), and takes
/// nothing. Counts admitted and refused requests for `/sim/rate_limits` and `/metrics`.
/// Keys are held as given, in memory only. Thread-safety: every member may be called from
/// any thread (one lock).
final class SimRateLimiter: @unchecked Sendable {
    private struct Bucket {
        var tokens: Double
        var last: Double
    }

    private let lock = NSLock()
    private var limits: SimRateLimits
    private var buckets: [String: Bucket] = [:]
    private var refused: [String: Int] = [:]
    private var admitted = 0
    private let now: () -> Double

    init(limits: SimRateLimits, now: @escaping () -> Double = { Date().timeIntervalSince1970 }) {
        self.limits = limits
        self.now = now
    }

    /// The limits in force (setting them empties the buckets; counts are kept).
    var current: SimRateLimits {
        get { lock.lock(); defer { lock.unlock() }; return limits }
        set { lock.lock(); limits = newValue; buckets = [:]; lock.unlock() }
    }

    /// Refused requests by reason, and the number admitted while a limit applied.
    var counts: (refused: [String: Int], admitted: Int) {
        lock.lock(); defer { lock.unlock() }
        return (refused, admitted)
    }

    /// Nil when a request with `key` to `method` `path` may run, else Stripe's reason.
    func check(key: String, method: String, path: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        let figures = limits.figures(forKey: key)
        guard figures.global != nil || figures.endpoint != nil else { return nil }
        let time = now()
        let globalSlot = "\(key) *"
        let endpointSlot = "\(key) \(Self.endpoint(method: method, path: path))"
        if let rate = figures.global, refill(globalSlot, rate: rate, time: time) < 1 {
            refused["global-rate", default: 0] += 1
            return "global-rate"
        }
        if let rate = figures.endpoint, refill(endpointSlot, rate: rate, time: time) < 1 {
            refused["endpoint-rate", default: 0] += 1
            return "endpoint-rate"
        }
        if figures.global != nil { buckets[globalSlot]?.tokens -= 1 }
        if figures.endpoint != nil { buckets[endpointSlot]?.tokens -= 1 }
        admitted += 1
        return nil
    }

    /// Brings the bucket `slot` up to `time` and returns its tokens.
    private func refill(_ slot: String, rate: Double, time: Double) -> Double {
        let capacity = max(1, rate)
        var bucket = buckets[slot] ?? Bucket(tokens: capacity, last: time)
        bucket.tokens = min(capacity, bucket.tokens + max(0, time - bucket.last) * rate)
        bucket.last = time
        buckets[slot] = bucket
        return bucket.tokens
    }

    /// The endpoint Stripe counts: the method and the path, every segment holding a digit
    /// or a capital (an object id; resource names are lower-case words) replaced by `{id}`.
    static func endpoint(method: String, path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            segment != "v1" && segment.contains(where: { $0.isNumber || $0.isUppercase }) ? "{id}" : String(segment)
        }
        return method + " " + segments.joined(separator: "/")
    }
}
