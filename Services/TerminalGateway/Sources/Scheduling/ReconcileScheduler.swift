import Bus
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
public import Runtime
public import Store
import Synchronization

/// Publishes the scheduled `terminal.reconcile` commands through the service's outbox, so
/// that any one worker of any replica runs them:
/// - daily (the default): one per time zone (each location's, and `RECONCILE_TIME_ZONE`) once
///   that zone's clock passes `RECONCILE_LOCAL_TIME` (a zone seen for the first time starts at
///   its next scheduled time); what is due is ``DailyReconcilePlan``'s
///   decision (pure), on the settings' clock; the command names the zone (`time_zone`) and
///   carries `x-reconcile-local-date`;
/// - every `RECONCILE_INTERVAL_SECONDS` when set (`older_than_seconds` = the minimum age).
///
/// With many replicas each runs a scheduler, but only one publishes each run: in one
/// transaction it advances `reconcile_runs.last_local_date` (or
/// `reconcile_schedule.next_run_at`), only when due, and writes the command's outbox row; the
/// runtime's relay publishes it. Commands carry `x-reconcile-trigger: schedule`.
///
/// Thread-safety: `Sendable`; ``start()`` runs a dedicated thread that owns its own Postgres
/// connection (re-opened after failures, which are logged and retried every tick).
public final class ReconcileScheduler: ServicePart {
    /// How often the thread checks whether a run is due.
    public static let tick: Duration = .seconds(1)

    /// SQLSTATE `undefined_table`: the service has not migrated its schema yet.
    static let undefinedTable = "42P01"

    let databaseURL: String
    let schema: String
    let appId: String
    let settings: TerminalGatewaySettings
    let log: Logger
    private let loop: BackgroundLoop

    /// A scheduler for the service's `schema` in the database at `databaseURL`.
    public init(databaseURL: String, schema: String, appId: String, settings: TerminalGatewaySettings, log: Logger) {
        self.databaseURL = databaseURL
        self.schema = schema
        self.appId = appId
        self.settings = settings
        self.log = log
        loop = BackgroundLoop(
            name: "\(appId).reconcile-scheduler", backoff: Backoff(initial: Self.tick, cap: Self.tick),
            firstStepAfter: Self.tick)
    }

    /// The part's name (and its thread's): `<service>.reconcile-scheduler`.
    public var name: String { loop.name }

    /// Starts the scheduling thread (does nothing when neither schedule is on, or already started).
    /// - Throws: ``ServicePartError`` when the system refused the thread.
    public func start() throws {
        guard settings.reconcileIntervalSeconds > 0 || settings.reconcileLocalTime != nil else { return }
        try loop.start(part: name) { [self] in SchedulerTask(scheduler: self) }
    }

    /// Asks the thread to end; does not wait (``join(timeout:)``).
    public func stop() { loop.stop() }

    /// Waits up to `timeout` for the thread to end (at most one tick plus a database round trip).
    @discardableResult
    public func join(timeout: Duration) -> Bool { loop.join(timeout: timeout) }

    /// The scheduler's thread: every tick (the first one tick after start) a connection
    /// opened when needed and one ``publishDue(on:)``; a failure is logged and retried
    /// about a tick later, with a fresh connection unless the schema is only not migrated yet.
    private struct SchedulerTask: BackgroundTask {
        let scheduler: ReconcileScheduler
        var db: PGConnection?

        mutating func connect() throws {
            if db == nil {
                db = try PGConnection(url: scheduler.databaseURL, applicationName: "\(scheduler.appId).reconcile-scheduler")
            }
        }

        func step() throws -> BackgroundLoop.Next {
            guard let db else { return .again }
            let published = try scheduler.publishDue(on: db)
            if published > 0 { scheduler.log.info("scheduled reconciliation published", ["runs": String(published)]) }
            return .idle(ReconcileScheduler.tick)
        }

        mutating func failed(_ error: any Error, retryIn: Duration) {
            if let error = error as? StoreError, error.sqlState == ReconcileScheduler.undefinedTable {
                scheduler.log.info("reconciliation schedule waits for the schema's migrations")
            } else {
                scheduler.log.warning("reconciliation schedule check failed", ["error": String(describing: error)])
                db = nil
            }
        }
    }

    /// Publishes every run due now (daily per zone, then the interval's).
    /// - Returns: how many runs were published.
    /// - Throws: `StoreError`, `EncodingError`.
    public func publishDue(on db: PGConnection) throws -> Int {
        var published = try publishDailyDue(on: db)
        if settings.reconcileIntervalSeconds > 0, try publishIfDue(on: db) { published += 1 }
        return published
    }

    /// The daily runs due at the settings' clock, each claimed and written to the outbox in
    /// its own transaction (a zone another replica claimed first is skipped).
    /// - Returns: how many were published.
    /// - Throws: `StoreError`, `EncodingError`.
    func publishDailyDue(on db: PGConnection) throws -> Int {
        guard let time = settings.reconcileLocalTime else { return 0 }
        let locations = LocationStore(schema: try SQLIdentifier(schema))
        let due = DailyReconcilePlan(time: time).due(
            lastRun: try locations.zones(defaultZone: settings.reconcileTimeZone, on: db),
            now: settings.clock.now)
        var published = 0
        for run in due {
            let claimed = try db.transaction { db -> Bool in
                guard try locations.claimRun(timeZone: run.timeZone, localDate: run.localDate, on: db), !run.baseline else { return false }
                try enqueue(Reconcile(timeZone: run.timeZone), headers: [ReconcileHandler.localDateHeader: run.localDate], on: db)
                return true
            }
            if claimed { published += 1 }
        }
        return published
    }

    /// Writes a scheduled `terminal.reconcile` to the outbox (`x-reconcile-trigger: schedule`).
    private func enqueue(_ command: Reconcile, headers: [String: String] = [:], on db: PGConnection) throws {
        var envelope = try Envelope.make(command, appId: appId)
        envelope.correlationId = envelope.messageId
        envelope.headers.extra[ReconcileHandler.triggerHeader] = "schedule"
        for (name, value) in headers { envelope.headers.extra[name] = value }
        _ = try OutboxWriter(schema: schema).enqueue(
            OutboxMessage(
                envelope, exchange: Exchanges.commands, routingKey: Reconcile.messageName, mandatory: true), on: db)
    }

    /// Claims the due interval run and writes its command to the outbox, in one transaction.
    /// - Returns: whether a run was due (and published).
    /// - Throws: `StoreError`, `EncodingError`.
    func publishIfDue(on db: PGConnection) throws -> Bool {
        let quoted = try SQLIdentifier(schema).quoted
        let interval = settings.reconcileIntervalSeconds
        return try db.transaction { db in
            let due =
                try db.execute(
                    """
                    UPDATE \(quoted).reconcile_schedule SET next_run_at = now() + make_interval(secs => $1)
                    WHERE id = 1 AND next_run_at <= now()
                    """, [.int(Int64(interval))]
                ).affectedRows == 1
            guard due else { return false }
            try enqueue(Reconcile(olderThanSeconds: settings.reconcileMinimumAgeSeconds), on: db)
            return true
        }
    }
}
