import Bus
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
public import Runtime
import Store
import Synchronization

/// Publishes a `terminal.reconcile` command every `RECONCILE_INTERVAL_SECONDS`, through the
/// service's outbox, so that any one worker of any replica runs it.
///
/// With many replicas each runs a scheduler, but only one publishes per interval: in one
/// transaction it advances `reconcile_schedule.next_run_at` (only when due) and writes the
/// command's outbox row; the runtime's relay publishes it. The command carries
/// `x-reconcile-trigger: schedule` and `older_than_seconds` = the minimum age setting.
///
/// Thread-safety: `Sendable`; ``start()`` runs a dedicated thread that owns its own Postgres
/// connection (re-opened after failures, which are logged and retried every tick).
public final class ReconcileScheduler: Sendable {
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
        loop = BackgroundLoop(name: "\(appId).reconcile-scheduler", backoff: Backoff(initial: Self.tick, cap: Self.tick),
                              firstStepAfter: Self.tick)
    }

    /// Starts the scheduling thread (does nothing when the interval is 0 or already started).
    public func start() {
        guard settings.reconcileIntervalSeconds > 0 else { return }
        if !loop.start({ [self] in SchedulerTask(scheduler: self) }) {
            log.error("reconciliation scheduler thread could not be created")
        }
    }

    /// Stops the thread and waits for it (at most one tick plus a database round trip).
    public func stop() {
        loop.stop()
        loop.join()
    }

    /// The scheduler's thread: every tick (the first one tick after start) a connection
    /// opened when needed and one ``publishIfDue(on:)``; a failure is logged and retried
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
            if try scheduler.publishIfDue(on: db) { scheduler.log.info("scheduled reconciliation published") }
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

    /// Claims the due run and writes its command to the outbox, in one transaction.
    /// - Returns: whether a run was due (and published).
    /// - Throws: `StoreError`, `EncodingError`.
    func publishIfDue(on db: PGConnection) throws -> Bool {
        let quoted = try SQLIdentifier(schema).quoted
        let interval = settings.reconcileIntervalSeconds
        return try db.transaction { db in
            let due = try db.execute("""
                UPDATE \(quoted).reconcile_schedule SET next_run_at = now() + make_interval(secs => $1)
                WHERE id = 1 AND next_run_at <= now()
                """, [.int(Int64(interval))]).affectedRows == 1
            guard due else { return false }
            let command = Reconcile(olderThanSeconds: settings.reconcileMinimumAgeSeconds)
            var envelope = try Envelope.make(command, appId: appId)
            envelope.correlationId = envelope.messageId
            envelope.headers.extra[ReconcileHandler.triggerHeader] = "schedule"
            _ = try Outbox(schema: schema).enqueue(OutboxMessage(
                envelope, exchange: Exchanges.commands, routingKey: Reconcile.messageName, mandatory: true), on: db)
            return true
        }
    }
}
