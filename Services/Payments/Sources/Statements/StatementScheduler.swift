import Bus
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
public import Runtime
public import Store

/// Publishes the daily statements: once `STATEMENT_TIME_ZONE`'s clock passes
/// `STATEMENT_LOCAL_TIME`, one `payments.get_statement` per connected account payments knows
/// (the account projection, deauthorized accounts left out) for the local day before, with
/// `x-statement-local-date` and `x-statement-time-zone`, so that a worker builds the statement
/// and publishes `payments.statement.ready`. What is due, and the day's bounds, are computed
/// by Postgres in the zone (``run(now:on:)``). With many replicas each runs a scheduler; one
/// transaction locks the zone's `statement_runs` row, advances its `last_local_date` (only
/// when due) and writes the commands to the outbox, so each seller's day is published once
/// (a first insert racing another replica's fails on the primary key and is retried a tick
/// later, by then not due).
///
/// Thread-safety: `Sendable`; ``start()`` runs a dedicated thread that owns its own Postgres
/// connection (re-opened after failures, which are logged and retried every tick).
public final class StatementScheduler: ServicePart {
    /// How often the thread checks whether a run is due.
    public static let tick: Duration = .seconds(30)

    let databaseURL: String
    let schema: String
    let appId: String
    let time: LocalTime?
    let timeZone: String
    let log: Logger
    private let loop: BackgroundLoop

    /// A scheduler for the service's `schema` in the database at `databaseURL`, running at
    /// `time` (nil: never) in `timeZone`.
    public init(databaseURL: String, schema: String, appId: String, time: LocalTime?, timeZone: String, log: Logger) {
        self.databaseURL = databaseURL
        self.schema = schema
        self.appId = appId
        self.time = time
        self.timeZone = timeZone
        self.log = log
        loop = BackgroundLoop(
            name: "\(appId).statement-scheduler", backoff: Backoff(initial: Self.tick, cap: Self.tick), firstStepAfter: .seconds(2))
    }

    /// The part's name (and its thread's): `<service>.statement-scheduler`.
    public var name: String { loop.name }

    /// Starts the thread (does nothing when daily statements are off, or already started).
    /// - Throws: ``ServicePartError`` when the system refused the thread.
    public func start() throws {
        guard time != nil else { return }
        try loop.start(part: name) { [self] in SchedulerTask(scheduler: self) }
    }

    /// Asks the thread to end; does not wait (``join(timeout:)``).
    public func stop() { loop.stop() }

    /// Waits up to `timeout` for the thread to end (at most one tick plus a database round trip).
    @discardableResult
    public func join(timeout: Duration) -> Bool { loop.join(timeout: timeout) }

    private struct SchedulerTask: BackgroundTask {
        let scheduler: StatementScheduler
        var db: PGConnection?

        mutating func connect() throws {
            if db == nil { db = try PGConnection(url: scheduler.databaseURL, applicationName: "\(scheduler.appId).statement-scheduler") }
        }

        func step() throws -> BackgroundLoop.Next {
            guard let db else { return .again }
            let published = try scheduler.publishDue(now: Int(Date().timeIntervalSince1970), on: db)
            if published > 0 { scheduler.log.info("daily statements published", ["accounts": String(published)]) }
            return .idle(StatementScheduler.tick)
        }

        mutating func failed(_ error: any Error, retryIn: Duration) {
            scheduler.log.warning("statement schedule check failed", ["error": String(describing: error)])
            db = nil
        }
    }

    /// The statement run due at `now` (Unix seconds) in `timeZone`, computed by Postgres
    /// (`AT TIME ZONE`, so daylight-saving days have their 23 or 25 hours and the service loads
    /// no time zone data): the local date whose ``time`` is the latest at or before `now`, and
    /// the day before it with its bounds (`from` its first instant, `to` the next day's).
    public struct Run: Equatable, Sendable {
        /// The run's local date, `YYYY-MM-DD`.
        public var runDate: String
        /// The statement's local date (the day before), `YYYY-MM-DD`.
        public var date: String
        /// The statement day's first instant (Unix seconds).
        public var from: Int
        /// The next day's first instant (Unix seconds).
        public var to: Int

        /// A run with the given dates and bounds.
        public init(runDate: String, date: String, from: Int, to: Int) {
            self.runDate = runDate
            self.date = date
            self.from = from
            self.to = to
        }
    }

    /// The run due at `now`, or nil when daily statements are off.
    /// - Throws: `StoreError` (an unknown zone: Postgres's `22023`).
    public func run(now: Int, on db: PGConnection) throws -> Run? {
        guard let time else { return nil }
        return try db.query(
            """
            WITH run AS (
                SELECT ((to_timestamp($1) AT TIME ZONE $2) - make_interval(hours => $3::int, mins => $4::int))::date AS run_date
            )
            SELECT run_date::text AS run_date, (run_date - 1)::text AS day,
                   extract(epoch FROM ((run_date - 1)::timestamp AT TIME ZONE $2))::bigint AS day_from,
                   extract(epoch FROM (run_date::timestamp AT TIME ZONE $2))::bigint AS day_to
            FROM run
            """, [.int(Int64(now)), .text(timeZone), .int(Int64(time.hour)), .int(Int64(time.minute))]
        ) { row in
            Run(
                runDate: try row.string("run_date"), date: try row.string("day"), from: Int(try row.int("day_from")),
                to: Int(try row.int("day_to")))
        }.first
    }

    /// Claims the zone's run due at `now` (Unix seconds), if any, and writes one
    /// `payments.get_statement` per known account for the day before the run's date to the
    /// outbox, in one transaction. A zone's first run only records its date (a first
    /// deployment starts at its next scheduled time); after an outage over several runs the
    /// latest day is published (earlier days: `payments.get_statement`).
    /// - Returns: how many statements were published.
    /// - Throws: `StoreError`, `EncodingError`.
    public func publishDue(now: Int, on db: PGConnection) throws -> Int {
        guard let run = try run(now: now, on: db) else { return 0 }
        let quoted = try SQLIdentifier(schema).quoted
        return try db.transaction { db -> Int in
            let last = try db.query(
                "SELECT last_local_date FROM \(quoted).statement_runs WHERE time_zone = $1 FOR UPDATE", [.text(timeZone)]
            ) { try $0.string("last_local_date") }.first
            if let last, last >= run.runDate { return 0 }
            try db.execute(
                """
                INSERT INTO \(quoted).statement_runs (time_zone, last_local_date) VALUES ($1, $2)
                ON CONFLICT (time_zone) DO UPDATE SET last_local_date = excluded.last_local_date, published_at = now()
                """, [.text(timeZone), .text(run.runDate)])
            guard last != nil else { return 0 }
            let accounts = try db.query(
                "SELECT account FROM \(quoted).account_charges WHERE NOT deauthorized ORDER BY account", []
            ) { try $0.string("account") }
            let outbox = OutboxWriter(schema: schema)
            for account in accounts {
                var envelope = try Envelope.make(
                    GetStatement(account: account, from: run.from, to: run.to), appId: appId, stripeAccount: account)
                envelope.correlationId = envelope.messageId
                envelope.headers.extra[GetStatementHandler.localDateHeader] = run.date
                envelope.headers.extra[GetStatementHandler.timeZoneHeader] = timeZone
                _ = try outbox.enqueue(
                    OutboxMessage(envelope, exchange: Exchanges.commands, routingKey: GetStatement.messageName, mandatory: true), on: db)
            }
            return accounts.count
        }
    }
}
