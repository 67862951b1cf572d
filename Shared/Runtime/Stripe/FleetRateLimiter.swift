#if canImport(Glibc)
import Glibc
#endif
import Store
import Synchronization

/// One Stripe rate limit for every process that uses the same key (`STRIPE_RATE_LIMITS`):
/// each request asks the shared buckets in Postgres (``StripeRateBucket``'s arithmetic in
/// `stripe_limits.take`) for its slot, on this limiter's own thread and connection, and
/// waits for it; the thread decides every request waiting on it in one round trip
/// (`stripe_limits.take_many`, at most ``batchLimit``), so a request costs at most one; a `429` from Stripe slows the whole fleet down
/// (`stripe_limits.slow_down`).
///
/// Degraded mode: when the database does not answer within ``FleetRateLimiterSettings/timeout``
/// or fails, the process decides alone with a local bucket at `STRIPE_RATE_LIMIT` for
/// ``FleetRateLimiterSettings/degradedFor``, then asks the database again. A request is
/// never refused and never waits on a dead database for more than the timeout.
///
/// Metrics: `connectbus_stripe_rate_limit_decisions_total{source,priority}` (`fleet`,
/// `local`), `connectbus_stripe_rate_limit_wait_seconds` (time a request waited for its
/// slot), `connectbus_stripe_rate_limit_degraded` (1 while deciding alone),
/// `connectbus_stripe_rate_limited_total` (429 answers reported).
///
/// Thread-safety: `Sendable`; ``acquire(endpoint:priority:whileWaiting:)`` blocks the calling
/// (worker) thread and may be called from many at once. Start with ``start()``: a
/// ``ServicePart`` of the host, on a ``BackgroundLoop`` of its own.
public final class FleetRateLimiter: ServicePart, @unchecked Sendable {
    /// The settings.
    public let settings: FleetRateLimiterSettings
    private let store: FleetRateLimitStore
    private let log: Logger
    private let condition = TimedCondition()
    private var pending: [Ticket] = []  // guarded by condition
    private var degradedUntil: ContinuousClock.Instant?  // guarded by condition
    private var stopped = false  // guarded by condition
    private var started = false  // guarded by condition
    private let loop = BackgroundLoop(name: "stripe-limit")
    private let local: Mutex<StripeRateBucket>
    private let epoch = ContinuousClock.now
    private let decisions: Counter
    private let waits: Histogram
    private let degradedGauge: Gauge
    private let rateLimitedCounter: Counter

    /// One request for the limiter's thread.
    private final class Ticket {
        enum Work { case take(String, StripeCallPriority), slowDown(Double) }
        enum Answer { case decided(StripeRateBucket.Decision), unavailable }
        let work: Work
        var answer: Answer?
        var abandoned = false
        init(_ work: Work) { self.work = work }
    }

    /// A limiter; call ``start()`` before use (until then every request is decided locally).
    public init(settings: FleetRateLimiterSettings, metrics: MetricsRegistry, log: Logger) {
        self.settings = settings
        self.store = FleetRateLimitStore(keyId: settings.keyId, budget: settings.budget)
        self.log = log
        self.local = Mutex(StripeRateBucket(budget: settings.localBudget))
        decisions = metrics.counter(
            "connectbus_stripe_rate_limit_decisions_total",
            help: "Stripe requests admitted by the rate limiter, by where it was decided (fleet, local) and priority.",
            labels: ["source", "priority"])
        waits = metrics.histogram(
            "connectbus_stripe_rate_limit_wait_seconds",
            help: "Time a Stripe request waited for its rate-limit slot.",
            buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10])
        degradedGauge = metrics.gauge(
            "connectbus_stripe_rate_limit_degraded",
            help: "1 while the process decides Stripe's rate limit alone (database slow or down).")
        rateLimitedCounter = metrics.counter(
            "connectbus_stripe_rate_limited_total",
            help: "Stripe 429 answers reported to the fleet's rate limiter.")
        degradedGauge.set(0)
    }

    /// The part's name (and its thread's): `stripe-limit`.
    public let name = "stripe-limit"

    /// Starts the limiter's thread (idempotent; nothing after ``stop()``).
    /// - Throws: ``ServicePartError`` when the system refused the thread (requests are then
    ///   decided locally).
    public func start() throws {
        let first = condition.locked { () -> Bool in
            guard !started, !stopped else { return false }
            started = true
            return true
        }
        guard first else { return }
        do {
            try loop.start(part: name) { [self] in LimiterTask(limiter: self) }
        } catch {
            condition.locked { started = false }
            throw error
        }
    }

    /// Stops the thread (the request it is deciding gets its answer first); later requests,
    /// and those still waiting, are decided locally. Does not wait (``join(timeout:)``).
    public func stop() {
        condition.locked(wakeAll: true) { stopped = true }
        loop.stop()
    }

    /// Waits up to `timeout` for the thread to end (at most one database round trip).
    @discardableResult
    public func join(timeout: Duration) -> Bool { loop.join(timeout: timeout) }

    /// The limiter's thread: ``serveOnce(_:)`` until stopped, on its own connection.
    private struct LimiterTask: BackgroundTask {
        let limiter: FleetRateLimiter
        var db: PGConnection?

        mutating func step() -> BackgroundLoop.Next { limiter.serveOnce(&db) }
    }

    /// Whether requests are being decided locally now.
    public var isDegraded: Bool {
        condition.locked { degradedUntil.map { ContinuousClock.now < $0 } ?? false || stopped || !started }
    }

    /// Blocks until one request to `endpoint` (``StripeEndpoint/name(method:path:)``) may be
    /// sent, calling `whileWaiting` (AMQP heartbeats) at least every 100 ms while it waits.
    public func acquire(endpoint: String, priority: StripeCallPriority, whileWaiting: () -> Void = {}) {
        let begun = ContinuousClock.now
        defer { waits.observe((ContinuousClock.now - begun).seconds) }
        while true {
            let ticket = Ticket(.take(endpoint, priority))
            let enqueued = condition.locked(wakeAll: true) { () -> Bool in
                guard started, !stopped, !(degradedUntil.map { ContinuousClock.now < $0 } ?? false) else { return false }
                pending.append(ticket)
                return true
            }
            guard enqueued else { return acquireLocally(endpoint: endpoint, priority: priority, whileWaiting: whileWaiting) }
            var answer: Ticket.Answer?
            _ = condition.wait(
                settings.timeout, until: { ticket.answer != nil },
                after: { _ in
                    answer = ticket.answer
                    if answer == nil {
                        ticket.abandoned = true
                        enterDegradedLocked(reason: "the database did not answer within \(settings.timeout)")
                    }
                })
            switch answer {
            case .decided(.send(let after)):
                decisions.increment("fleet", priority.rawValue)
                Self.sleep(seconds: after, whileWaiting: whileWaiting)
                return
            case .decided(.retry(let after)):
                Self.sleep(seconds: min(0.25, max(0.005, after)), whileWaiting: whileWaiting)
            case .unavailable, nil:
                return acquireLocally(endpoint: endpoint, priority: priority, whileWaiting: whileWaiting)
            }
        }
    }

    /// Reports a `429` from Stripe: the fleet (and this process's local bucket) sends nothing
    /// for `retryAfter` (default 1 s; Stripe usually sends no `Retry-After`) and runs at a
    /// reduced rate for ``StripeRateBucket/slowWindow``. Does not wait for the database.
    public func rateLimited(retryAfter: Duration?) {
        let pause = retryAfter?.seconds ?? 1
        rateLimitedCounter.increment()
        local.withLock { $0.slowDown(pause: pause, now: localNow()) }
        condition.locked(wakeAll: true) {
            guard started, !stopped, !(degradedUntil.map { ContinuousClock.now < $0 } ?? false) else { return }
            pending.append(Ticket(.slowDown(pause)))
        }
    }

    private func acquireLocally(endpoint: String, priority: StripeCallPriority, whileWaiting: () -> Void) {
        while true {
            let decision = local.withLock { $0.take(endpoint: endpoint, priority: priority, now: localNow()) }
            switch decision {
            case .send(let after):
                decisions.increment("local", priority.rawValue)
                Self.sleep(seconds: after, whileWaiting: whileWaiting)
                return
            case .retry(let after):
                Self.sleep(seconds: min(0.25, max(0.001, after)), whileWaiting: whileWaiting)
            }
        }
    }

    private func localNow() -> Double { (ContinuousClock.now - epoch).seconds }

    /// Called with the condition's mutex held.
    private func enterDegradedLocked(reason: String) {
        let wasDegraded = degradedUntil.map { ContinuousClock.now < $0 } ?? false
        degradedUntil = ContinuousClock.now + settings.degradedFor
        degradedGauge.set(1)
        if !wasDegraded {
            log.warning(
                "Stripe rate limit decided per process (degraded mode)",
                ["reason": reason, "local_rate": String(settings.localBudget.global)])
        }
    }

    /// One turn of the limiter's thread: waits up to a second for requests (or the stop),
    /// decides every waiting one in one round trip on `db` (opened when needed, dropped after
    /// a failure, which enters degraded mode and answers the waiting requests `unavailable`).
    fileprivate func serveOnce(_ db: inout PGConnection?) -> BackgroundLoop.Next {
        var batch: [Ticket] = []
        var stop = false
        _ = condition.wait(
            .seconds(1), until: { stopped || !pending.isEmpty },
            after: { _ in
                stop = stopped
                pending.removeAll { $0.abandoned }
                guard !stop, let first = pending.first else { return }
                if case .slowDown = first.work {
                    batch = [pending.removeFirst()]
                } else {
                    // Every waiting request at once: one round trip for all of them.
                    var taken = 0
                    while taken < pending.count, taken < Self.batchLimit, case .take = pending[taken].work { taken += 1 }
                    batch = Array(pending.prefix(taken))
                    pending.removeFirst(taken)
                }
            })
        if stop {
            condition.locked(wakeAll: true) {
                for waiting in pending { waiting.answer = .unavailable }
                pending.removeAll()
            }
            return .finished
        }
        guard !batch.isEmpty else { return .again }
        do {
            if db == nil {
                db = try PGConnection(
                    url: settings.databaseURL, applicationName: settings.applicationName,
                    connectTimeoutSeconds: 2)
            }
            guard let conn = db else { return .again }
            let answers = try decide(batch, on: conn)
            condition.locked(wakeAll: true) {
                for (ticket, answer) in zip(batch, answers) where !ticket.abandoned { ticket.answer = answer }
                if let until = degradedUntil, ContinuousClock.now >= until {
                    degradedUntil = nil
                    degradedGauge.set(0)
                    log.info("Stripe rate limit shared by the fleet again")
                }
            }
        } catch {
            db = nil
            condition.locked(wakeAll: true) {
                enterDegradedLocked(reason: String(describing: error))
                for ticket in batch { ticket.answer = .unavailable }
                for waiting in pending { waiting.answer = .unavailable }
                pending.removeAll()
            }
        }
        return .again
    }

    /// Most requests decided in one round trip.
    static let batchLimit = 64

    /// One round trip for `batch`: a slow-down, one request, or several.
    private func decide(_ batch: [Ticket], on conn: PGConnection) throws(StoreError) -> [Ticket.Answer] {
        var requests: [(endpoint: String, priority: StripeCallPriority)] = []
        for ticket in batch {
            switch ticket.work {
            case .slowDown(let pause):
                try store.slowDown(pause: pause, on: conn)
                return [.decided(.send(after: 0))]
            case .take(let endpoint, let priority):
                requests.append((endpoint, priority))
            }
        }
        if requests.count == 1 {
            return [.decided(try store.take(endpoint: requests[0].endpoint, priority: requests[0].priority, on: conn))]
        }
        return try store.take(requests, on: conn).map { .decided($0) }
    }

    /// Sleeps `seconds` in slices of at most 100 ms, calling `whileWaiting` between them.
    static func sleep(seconds: Double, whileWaiting: () -> Void) {
        guard seconds > 0 else { return }
        let deadline = ContinuousClock.now + .microseconds(Int64(seconds * 1_000_000))
        while true {
            let left = deadline - ContinuousClock.now
            if left <= .zero { return }
            DedicatedThread.sleep(min(left, .milliseconds(100)))
            whileWaiting()
        }
    }
}
