/// The fleet limiter's arithmetic: a GCRA (generic cell rate algorithm, the virtual-scheduling
/// form of a token bucket) over two buckets per request, the key's global one and the
/// request's endpoint, with priorities and a slow-down after Stripe answers `429`.
///
/// Each bucket keeps a theoretical arrival time `tat` (seconds). With emission interval
/// `T = 1 / rate` and burst tolerance `τ` (``StripeRateBudget/burstSeconds``):
/// - **interactive**: the global slot is `g = max(now, tat_g − τ)`, the request goes at
///   `start = max(g, tat_e − τ)`; the global bucket advances to `max(tat_g, g) + T_g`, the
///   endpoint's to `max(tat_e, start) + T_e`. The caller is told to wait `start − now` (a
///   reservation: one decision per request, never a retry). The global slot is charged at its
///   own earliest time, not at `start`: a request held back by its endpoint then does not
///   push every other endpoint's requests behind it (charging at `start` left the global
///   budget idle whenever endpoints had unequal backlogs: 70 of 100/s with 6 and 18 workers
///   per endpoint). The price: a request may be sent up to its endpoint's wait after the
///   global slot it was counted in, so a one-second window can carry a few requests more
///   than the global rate (bounded by the endpoint buckets).
/// - **background**: it goes only if both buckets are idle (`tat ≤ now`: no burst in use,
///   no slot reserved ahead); otherwise nothing changes and the caller is told to ask again
///   after `max(tat_g, tat_e) − now`. Alone it still gets the whole rate.
/// - **slow-down** (a `429`): the global bucket is pushed to at least `now + pause`, and for
///   10 s the rates are multiplied by a factor halved at each `429` (at most once a second,
///   never below 0.25).
///
/// `stripe_limits.take` and `stripe_limits.slow_down` (docker/postgres/03-stripe-rate-limits.sql)
/// are the same arithmetic on shared rows; this value runs it in one process (degraded mode,
/// tests). Times are Unix seconds supplied by the caller. Thread-safety: a value.
public struct StripeRateBucket: Sendable, Equatable {
    /// What a request should do.
    public enum Decision: Sendable, Equatable {
        /// Send after waiting this many seconds (0: now); the slot is taken.
        case send(after: Double)
        /// Nothing was taken (background only): ask again after this many seconds.
        case retry(after: Double)
    }

    /// Slow-down window after the last `429`, in seconds.
    public static let slowWindow = 10.0
    /// Smallest rate factor during a slow-down.
    public static let slowestFactor = 0.25

    /// The rates and burst tolerance.
    public let budget: StripeRateBudget
    /// Theoretical arrival time of the global bucket.
    public private(set) var globalTAT: Double = 0
    /// Theoretical arrival time of each endpoint's bucket.
    public private(set) var endpointTAT: [String: Double] = [:]
    /// Rate factor while ``slowUntil`` is ahead.
    public private(set) var slowFactor: Double = 1
    /// End of the slow-down.
    public private(set) var slowUntil: Double = 0
    private var slowedAt: Double = -.infinity

    /// An idle bucket.
    public init(budget: StripeRateBudget) { self.budget = budget }

    /// Decides one request to `endpoint` (``StripeEndpoint/name(method:path:)``) at `now`.
    public mutating func take(endpoint: String, priority: StripeCallPriority, now: Double) -> Decision {
        let factor = now < slowUntil ? slowFactor : 1
        let globalInterval = 1 / (budget.global * factor)
        let endpointInterval = budget.endpoint.map { 1 / ($0 * factor) }
        let tolerance = budget.burstSeconds
        let endpointTAT = endpointInterval == nil ? 0 : (self.endpointTAT[endpoint] ?? 0)
        var globalSlot: Double
        var start: Double
        switch priority {
        case .background:
            let busyUntil = max(globalTAT, endpointTAT)
            if busyUntil > now { return .retry(after: busyUntil - now) }
            (globalSlot, start) = (now, now)
        case .interactive:
            globalSlot = max(now, globalTAT - tolerance)
            start = endpointInterval == nil ? globalSlot : max(globalSlot, endpointTAT - tolerance)
        }
        globalTAT = max(globalTAT, globalSlot) + globalInterval
        if let endpointInterval { self.endpointTAT[endpoint] = max(endpointTAT, start) + endpointInterval }
        return .send(after: start - now)
    }

    /// Applies a `429` seen at `now`: nothing is sent before `now + pause`, and the rates are
    /// reduced for ``slowWindow`` seconds.
    public mutating func slowDown(pause: Double, now: Double) {
        globalTAT = max(globalTAT, now + max(0, pause))
        if now - slowedAt >= 1 {
            slowFactor = max(Self.slowestFactor, (now < slowUntil ? slowFactor : 1) * 0.5)
            slowedAt = now
        }
        slowUntil = now + Self.slowWindow
    }
}
