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
    private let state = Mutex<(started: Bool, stopped: Bool)>((false, false))
    private let stopSignal = StopSignal()
    private let finished = DispatchSemaphore(value: 0)

    /// A scheduler for the service's `schema` in the database at `databaseURL`.
    public init(databaseURL: String, schema: String, appId: String, settings: TerminalGatewaySettings, log: Logger) {
        self.databaseURL = databaseURL
        self.schema = schema
        self.appId = appId
        self.settings = settings
        self.log = log
    }

    /// Starts the scheduling thread (does nothing when the interval is 0 or already started).
    public func start() {
        guard settings.reconcileIntervalSeconds > 0 else { return }
        let starting = state.withLock { s -> Bool in
            guard !s.started, !s.stopped else { return false }
            s.started = true
            return true
        }
        guard starting else { return }
        if !DedicatedThread.start(name: "\(appId).reconcile-scheduler", { [self] in loop() }) {
            state.withLock { $0.started = false }
            log.error("reconciliation scheduler thread could not be created")
        }
    }

    /// Stops the thread and waits for it (at most one tick plus a database round trip).
    public func stop() {
        let running = state.withLock { s -> Bool in
            s.stopped = true
            return s.started
        }
        stopSignal.stop()
        if running { finished.wait() }
    }

    private func loop() {
        var db: PGConnection?
        while !stopSignal.wait(Self.tick) {
            do {
                let connection = try db ?? PGConnection(url: databaseURL, applicationName: "\(appId).reconcile-scheduler")
                db = connection
                if try publishIfDue(on: connection) { log.info("scheduled reconciliation published") }
            } catch let error as StoreError where error.sqlState == Self.undefinedTable {
                log.info("reconciliation schedule waits for the schema's migrations")
            } catch {
                log.warning("reconciliation schedule check failed", ["error": String(describing: error)])
                db = nil
            }
        }
        finished.signal()
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
