import Store

/// Deletes the rows of one runtime table older than `keep`, run by the retention thread
/// (``RetentionSweeper``): at most once per `interval`, a pass of at most `maxBatches`
/// statements of at most `batchSize` rows each (each a bounded range scan of the table's
/// time index), so a pass holds its connection for a bounded time whatever the backlog; a
/// long backlog (retention just turned on, or rows arriving faster than one pass a minute
/// deletes) goes over several passes: a pass that ended at its statement limit with rows
/// left is followed by the next one after ``catchUpInterval`` (one second) instead of
/// ``interval``, until a pass finds fewer rows than it may delete. A failed pass is logged
/// once per outage and tried again at the next interval (``isFailing`` says so meanwhile);
/// it never throws.
///
/// Tables (``RetainedTable``): `<schema>.message_log` by its last write (`last_at`;
/// `MESSAGE_LOG_RETENTION`, ``ServiceConfig/messageLogRetention``), `<schema>.inbox` by
/// `received_at` (`INBOX_RETENTION`, ``ServiceConfig/inboxRetention``) and those a service
/// adds (``ServiceConfig/retainedTables``); off: rows are kept for ever.
/// Not thread-safe: owned by the retention thread's task.
struct RowRetention {
    /// The table pruned.
    let table: RetainedTable
    /// Rows older than this go.
    let keep: Duration
    /// At most one pass per this.
    let interval: Duration
    let schema: String
    let log: Logger
    var batchSize = 1000
    var maxBatches = 10
    /// Time between two passes while behind (the previous pass stopped at ``maxBatches``
    /// full statements).
    var catchUpInterval: Duration = .seconds(1)
    private var lastPass: ContinuousClock.Instant?
    private var behind = false
    private var failing = false

    /// Whether the last pass failed (the sweeper then opens a new connection).
    var isFailing: Bool { failing }

    init(_ table: RetainedTable, keep: Duration, interval: Duration, schema: String, log: Logger) {
        self.table = table
        self.keep = keep
        self.interval = interval
        self.schema = schema
        self.log = log
    }

    /// Whether a pass is due at `now`: the first one at once, then one per ``interval``
    /// (per ``catchUpInterval`` while the previous pass left rows behind).
    func isDue(at now: ContinuousClock.Instant) -> Bool {
        timeUntilDue(at: now) <= .zero
    }

    /// How long from `now` until the next pass is due (zero or less: due now).
    func timeUntilDue(at now: ContinuousClock.Instant) -> Duration {
        guard let lastPass else { return .zero }
        return (behind ? min(catchUpInterval, interval) : interval) - (now - lastPass)
    }

    /// Runs a pass on `db` when one is due; returns the rows deleted (0 when none was due
    /// or it failed).
    @discardableResult
    mutating func runIfDue(on db: () throws -> PGConnection, now: ContinuousClock.Instant = .now) -> Int {
        guard isDue(at: now) else { return 0 }
        lastPass = now
        var deleted = 0
        behind = false
        do {
            let conn = try db()
            for batch in 0..<maxBatches {
                let rows = try table.prune(schema, keep, batchSize, conn)
                deleted += rows
                if rows < batchSize { break }
                if batch == maxBatches - 1 { behind = true }
            }
            if failing { log.info("\(table.name) retention works again") }
            failing = false
        } catch {
            if !failing {
                log.warning(
                    "\(table.name) retention failed; trying again later", ["error": String(describing: error)])
            }
            failing = true
        }
        if deleted > 0 {
            log.info("pruned \(table.name)", ["rows": String(deleted), "older_than_s": String(keep.components.seconds)])
        }
        return deleted
    }
}
