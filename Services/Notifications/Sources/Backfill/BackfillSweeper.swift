#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Runtime
public import Store
public import StripeAPI
import Synchronization

/// Recovers Stripe events whose webhook never reached the service, from `GET /v1/events`
/// (https://docs.stripe.com/api/events/list; Stripe keeps events 30 days).
///
/// A sweep runs at start-up, every ``BackfillSettings/intervalSeconds`` and when
/// `notifications.backfill` asks (a row in `backfill_requests`, checked every 2 s). For the
/// platform and every connected account the service knows (``BackfillStore/knownScopes(on:)``;
/// accounts are listed with `Stripe-Account`), it pages newest first with `starting_after`,
/// `created[gte]` = the scope's high-water mark minus the safety window (no bound before
/// the first sweep), `types[]` and `delivery_success=false` per ``BackfillSettings``, and
/// stores each page through ``StripeEventStore`` — the webhook's path: the same dedupe on
/// the event id, so an event that arrives both ways is stored and published once; the
/// published message carries `x-stripe-source: backfill` — together with the page's cursor,
/// in one transaction. A crash therefore resumes after the last committed page. Each
/// request takes a token from the process's Stripe rate limiter first (the workers' own).
/// One replica sweeps at a time (a session advisory lock; the others skip). The lock needs
/// a session of its own, so the sweeper connects with the service's direct URL
/// (`DATABASE_DIRECT_URL`) and refuses a connection through a transaction-mode pooler.
///
/// Thread-safety: `Sendable`; ``start()`` runs the loop on a dedicated thread that owns its
/// Postgres connection and Stripe client. ``sweep(conn:stripe:stopAfterPages:)`` is the
/// blocking body, for tests.
public final class BackfillSweeper: ServicePart {
    private let settings: BackfillSettings
    private let events: StripeEventStore
    private let progress: BackfillStore
    private let databaseURL: String
    private let applicationName: String
    private let makeStripe: @Sendable () throws -> StripeClient
    private let rateLimiter: StripeRateLimiter
    private let metrics: BackfillMetrics
    private let log: Logger
    private let afterCommit: @Sendable () -> Void
    /// Failures back off 2 s doubling to 30 s.
    private let loop = BackgroundLoop(name: "backfill", backoff: Backoff(initial: .seconds(2), cap: .seconds(30)))

    /// Outcome of one sweep.
    public struct Summary: Sendable, Equatable {
        /// Events stored that were not stored before.
        public var recovered: Int
        /// Pages read.
        public var pages: Int
        /// Scopes swept to the end.
        public var scopesCompleted: Int
        /// Scopes whose listing failed (left in progress; the next sweep resumes them).
        public var scopesFailed: Int
        /// Connected accounts Stripe refused to list with `account_invalid` in this sweep
        /// (deauthorized, or gone): left out of scheduled sweeps for
        /// ``BackfillSettings/unreachableRetrySeconds``; they do not fail the sweep.
        public var scopesUnreachable: Int = 0
        /// `false` when another replica held the sweep (nothing done).
        public var ran: Bool
    }

    /// A sweeper (start it with ``start()``).
    /// - Parameters:
    ///   - afterCommit: called after a page stored new events (the service wakes its relay).
    public init(
        settings: BackfillSettings, events: StripeEventStore, progress: BackfillStore, databaseURL: String,
        applicationName: String, makeStripe: @escaping @Sendable () throws -> StripeClient,
        rateLimiter: StripeRateLimiter, metrics: MetricsRegistry, log: Logger,
        afterCommit: @escaping @Sendable () -> Void = {}
    ) {
        self.settings = settings
        self.events = events
        self.progress = progress
        self.databaseURL = databaseURL
        self.applicationName = applicationName
        self.makeStripe = makeStripe
        self.rateLimiter = rateLimiter
        self.metrics = BackfillMetrics(registry: metrics)
        self.log = log
        self.afterCommit = afterCommit
    }

    /// The part's name: the application name of its session, `<service>.backfill`.
    public var name: String { applicationName }

    /// Starts the loop on its own thread: a sweep at once, then on schedule and on request.
    /// - Throws: ``ServicePartError`` when the system refused the thread.
    public func start() throws {
        try loop.start(part: name) { [self] in SweepTask(sweeper: self) }
    }

    /// Wakes the loop to look for requests now.
    public func wake() { loop.nudge() }

    /// Asks the loop to stop after the page in hand (its progress is committed); does not
    /// wait (``join(timeout:)``). Idempotent.
    public func stop() { loop.stop() }

    /// Waits up to `timeout` for the thread to end; `false` when it ran out first.
    @discardableResult
    public func join(timeout: Duration) -> Bool { loop.join(timeout: timeout) }

    /// The sweeper's thread: a Postgres connection and a Stripe client opened when needed;
    /// each step sweeps when the schedule is due or a request waits, then idles 2 s (a
    /// ``wake()`` ends that early); a failure is counted, logged and backed off, dropping a
    /// connection that no longer answers.
    private struct SweepTask: BackgroundTask {
        let sweeper: BackfillSweeper
        var conn: PGConnection?
        var stripe: StripeClient?
        var nextScheduled = ContinuousClock.now

        mutating func connect() throws {
            if conn == nil { conn = try PGConnection(url: sweeper.databaseURL, applicationName: sweeper.applicationName) }
            if stripe == nil {
                let client = try sweeper.makeStripe()
                sweeper.rateLimiter.attach(to: client, priority: { .background })
                stripe = client
            }
        }

        mutating func step() throws -> BackgroundLoop.Next {
            guard let db = conn, let client = stripe else { return .again }
            let due = ContinuousClock.now >= nextScheduled
            let requested = due ? false : try sweeper.progress.hasRequests(on: db)
            if due || requested {
                let summary = try sweeper.sweep(conn: db, stripe: client)
                if summary.ran {
                    sweeper.log.info(
                        "backfill sweep done",
                        [
                            "recovered": String(summary.recovered),
                            "pages": String(summary.pages),
                            "scopes": String(summary.scopesCompleted),
                            "failed_scopes": String(summary.scopesFailed),
                            "unreachable_scopes": String(summary.scopesUnreachable),
                        ])
                }
                if due {
                    let interval = sweeper.settings.intervalSeconds
                    nextScheduled =
                        interval > 0
                        ? ContinuousClock.now + .seconds(interval) : ContinuousClock.now + .seconds(Int64.max / 4_000_000_000)
                }
            }
            return .idle(.seconds(2))
        }

        mutating func failed(_ error: any Error, retryIn: Duration) {
            sweeper.metrics.sweeps.increment("failed")
            sweeper.log.warning("backfill sweep failed; retrying", ["error": String(describing: error)])
            if let db = conn, !db.ping() { conn = nil }
        }
    }

    /// Runs one sweep on the caller's thread: begins every known scope not already in
    /// progress (taking pending requests), then pages each scope in progress to its end.
    /// - Parameters:
    ///   - stopAfterPages: stop (as a crash would, after a committed page) once this many
    ///     pages were stored; `nil` = run to the end. For tests of resumption.
    /// - Throws: `StoreError` when the database fails (the pages committed stay committed).
    ///   A Stripe error for one scope is logged and counted; the sweep goes on with the next.
    @discardableResult
    public func sweep(conn: PGConnection, stripe: StripeClient, stopAfterPages: Int? = nil) throws -> Summary {
        var summary = Summary(recovered: 0, pages: 0, scopesCompleted: 0, scopesFailed: 0, ran: false)
        guard try lock(conn) else {
            metrics.sweeps.increment("skipped")
            return summary
        }
        defer { unlock(conn) }
        summary.ran = true
        try conn.transaction { c in
            let requested = try progress.takeRequests(on: c)
            let known = try progress.progress(on: c)
            for scope in try progress.knownScopes(on: c) {
                let current = known[scope]
                if case .some(.some(let since)) = requested {
                    try progress.begin(scope: scope, since: since, on: c)
                } else if !(current?.sweepStarted ?? false) {
                    // A scheduled sweep leaves an account Stripe refused out until its retry
                    // is due; a request (`notifications.backfill`) tries every scope.
                    if requested == nil, let unreachable = current?.unreachableForSeconds,
                        unreachable < Int64(settings.unreachableRetrySeconds)
                    {
                        continue
                    }
                    let mark = current?.highWater.map { $0 - Int64(settings.safetyWindowSeconds) }
                    try progress.begin(scope: scope, since: mark, on: c)
                }
            }
        }
        for (_, scope) in try progress.progress(on: conn).sorted(by: { $0.key < $1.key }) where scope.sweepStarted {
            if loop.isStopped { break }
            do {
                let complete = try sweep(scope, conn: conn, stripe: stripe, summary: &summary, stopAfterPages: stopAfterPages)
                guard complete else { return summary }
                try progress.finish(scope: scope.scope, on: conn)
                summary.scopesCompleted += 1
            } catch let error as StripeError where error.code == "account_invalid" && scope.scope != BackfillStore.platform {
                // The connected account deauthorized the platform or no longer exists: Stripe
                // answers every listing so, so retrying it each sweep would only fail every
                // sweep (and hold the BackfillBehind alert up) for one departed seller.
                try progress.markUnreachable(scope: scope.scope, on: conn)
                summary.scopesUnreachable += 1
                metrics.scopesUnreachable.increment()
                if scope.unreachableForSeconds == nil {
                    log.warning(
                        "backfill: Stripe refuses to list a connected account's events (deauthorized or gone); "
                            + "left out of scheduled sweeps for a while",
                        [
                            "scope": scope.scope, "error": error.stableCode,
                            "retry_in_seconds": String(settings.unreachableRetrySeconds),
                        ])
                }
            } catch let error as StripeError {
                summary.scopesFailed += 1
                metrics.scopeErrors.increment()
                log.warning(
                    "backfill could not list events of a scope; retried next sweep",
                    ["scope": scope.scope, "error": error.stableCode])
            }
        }
        if summary.scopesFailed > 0 {
            metrics.sweeps.increment("failed")
        } else if !loop.isStopped {
            metrics.sweeps.increment("completed")
            metrics.lastSweep.set(Date().timeIntervalSince1970)
        }
        let marks = try progress.progress(on: conn).values.compactMap(\.highWater)
        if let oldest = marks.min() { metrics.highWater.set(Double(oldest)) }
        return summary
    }

    /// Pages one scope; `false` when stopped before its end.
    private func sweep(
        _ scope: BackfillProgress, conn: PGConnection, stripe: StripeClient, summary: inout Summary,
        stopAfterPages: Int?
    ) throws -> Bool {
        var cursor = scope.sweepCursor
        let options = RequestOptions(stripeAccount: scope.scope == BackfillStore.platform ? nil : scope.scope)
        while true {
            if loop.isStopped { return false }
            if let stopAfterPages, summary.pages >= stopAfterPages { return false }
            var params = FormParams()
            params.set("limit", settings.pageSize)
            if let since = scope.sweepSince {
                var created = FormParams()
                created.set("gte", Int(since))
                params.set("created", created)
            }
            if !settings.types.isEmpty { params.set("types", settings.types) }
            if settings.onlyFailed { params.set("delivery_success", false) }
            if let cursor { params.set("starting_after", cursor) }
            rateLimiter.acquirePerCall()
            let outcome = Result { () throws(StripeError) -> StripeHTTPResponse in
                try stripe.send(.get, "/v1/events", params: params, options: options)
            }
            let response: StripeHTTPResponse
            switch outcome {
            case .success(let answer): response = answer
            case .failure(let error):
                guard error.code == "resource_missing", error.param == "starting_after", cursor != nil else { throw error }
                log.warning("backfill cursor no longer listed; paging again from the newest event", ["scope": scope.scope])
                try progress.resetCursor(scope: scope.scope, on: conn)
                cursor = nil
                continue
            }
            let page: BackfillPage
            do { page = try BackfillPage.parse(response.body) } catch {
                throw StripeError(
                    kind: .decoding, httpStatus: response.status, code: "decoding_failed",
                    message: "GET /v1/events did not answer a list of events: \(error)")
            }
            if page.unreadable > 0 { log.warning("backfill skipped unreadable events", ["count": String(page.unreadable)]) }
            let newest = page.events.compactMap(\.facts.created).max()
            let stored = try conn.transaction { c in
                let stored = try events.store(page.events, on: c).filter { $0 }.count
                if let last = page.lastId {
                    try progress.advance(scope: scope.scope, cursor: last, newest: newest, recovered: stored, on: c)
                }
                return stored
            }
            summary.pages += 1
            summary.recovered += stored
            metrics.pages.increment()
            if stored > 0 {
                metrics.recovered.increment(by: Double(stored))
                afterCommit()
            }
            guard page.hasMore, let last = page.lastId else { return true }
            cursor = last
        }
    }

    private var lockKey: String { "\(events.schema.quoted).backfill" }

    /// Takes the sweep's session lock; `false` when another replica holds it.
    /// - Throws: `StoreError` `store.query_failed` (SQLSTATE 0A000) on a connection through
    ///   a transaction-mode pooler, where a session lock could be taken on one server
    ///   connection and released on another.
    private func lock(_ conn: PGConnection) throws -> Bool {
        guard !conn.isBehindTransactionPooler else {
            throw StoreError(
                code: StoreError.Code.queryFailed, sqlState: "0A000",
                message:
                    "the backfill sweep's lock needs a direct Postgres session, not a transaction-mode pooler (prepared_statements=off); set DATABASE_DIRECT_URL"
            )
        }
        return try conn.query("SELECT pg_try_advisory_lock(hashtext($1)) AS locked", [.text(lockKey)]) { try $0.bool("locked") }.first ?? false
    }

    private func unlock(_ conn: PGConnection) {
        _ = try? conn.execute("SELECT pg_advisory_unlock(hashtext($1))", [.text(lockKey)])
    }
}
