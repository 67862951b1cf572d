import Store

/// The retention thread of a replica: deletes the rows of the runtime's and the service's
/// tables older than their retention (``TableRetention``: `message_log` by
/// `MESSAGE_LOG_RETENTION`, `inbox` by `INBOX_RETENTION`, and the service's own, such as
/// notifications' stored Stripe events and e-mails), one bounded pass per table per
/// interval (``RowRetention``), on a thread and a Postgres connection of its own.
///
/// Its own part rather than a side job of the outbox relay, so a pass over a large backlog
/// never delays the relay's next batch, and the relay's thread does one thing. Every
/// replica runs one: passes are bounded statements that skip nothing another replica
/// needs (concurrent deletions of the same old rows are harmless), so they need no
/// coordination. A failed pass is logged once per outage and tried again at the next
/// interval with a new connection; it never stops the thread. Nothing is flushed at stop.
///
/// A ``ServicePart``, added by ``ServiceHost/start()`` after the outbox relay whenever some
/// retention is on (none is: no thread). Thread-safety: `Sendable`; ``start()`` and
/// ``stop()`` from any thread.
public final class RetentionSweeper: ServicePart {
    /// The part's name (and its thread's and connection's), `<service>.retention`.
    public let name: String
    let databaseURL: String
    let schema: String
    let tables: [TableRetention]
    let interval: Duration
    let log: Logger
    private let loop: BackgroundLoop

    /// A sweeper of `tables` in `schema` (not started).
    /// - Parameters:
    ///   - databaseURL: the database holding the schema.
    ///   - schema: the service's schema.
    ///   - tables: each table and how long its rows are kept.
    ///   - interval: at most one pass per table per this (``ServiceConfig/messageLogPruneInterval``,
    ///     60 s by default); a table whose pass stopped at its statement limit goes again
    ///     after ``RowRetention/catchUpInterval``.
    ///   - name: the part's name, `<service>.retention`.
    public init(
        databaseURL: String, schema: String, tables: [TableRetention], interval: Duration = .seconds(60),
        name: String, log: Logger
    ) {
        self.databaseURL = databaseURL
        self.schema = schema
        self.tables = tables
        self.interval = interval
        self.name = name
        self.log = log
        loop = BackgroundLoop(name: name, backoff: Backoff(initial: min(interval, .seconds(1)), cap: interval))
    }

    /// The tables a service's configuration retains: `message_log` and `inbox` when their
    /// retention is on, then the service's own (``ServiceConfig/retainedTables``).
    public static func tables(_ config: ServiceConfig) -> [TableRetention] {
        [
            config.messageLogRetention.map { TableRetention(.messageLog, keep: $0) },
            config.inboxRetention.map { TableRetention(.inbox, keep: $0) },
        ].compactMap { $0 } + config.retainedTables
    }

    /// Starts the thread; the first pass of each table runs at once.
    /// - Throws: ``ServicePartError`` when the system refused the thread.
    public func start() throws {
        try loop.start(part: name) { [self] in SweepTask(sweeper: self) }
    }

    /// Asks the thread to end; does not wait (``join(timeout:)``).
    public func stop() { loop.stop() }

    /// Waits up to `timeout` for the thread to end (at most the pass under way).
    @discardableResult
    public func join(timeout: Duration) -> Bool { loop.join(timeout: timeout) }

    /// The sweeper's thread: a connection opened when needed, each table's pass when due,
    /// then a wait until the next one is due; a failed pass drops the connection.
    private struct SweepTask: BackgroundTask {
        let sweeper: RetentionSweeper
        var db: PGConnection?
        var retentions: [RowRetention]

        init(sweeper: RetentionSweeper) {
            self.sweeper = sweeper
            retentions = sweeper.tables.map {
                RowRetention($0.table, keep: $0.keep, interval: sweeper.interval, schema: sweeper.schema, log: sweeper.log)
            }
        }

        mutating func connect() throws {
            if db == nil { db = try PGConnection(url: sweeper.databaseURL, applicationName: sweeper.name) }
        }

        mutating func step() throws -> BackgroundLoop.Next {
            guard let db else { return .again }
            var failed = false
            for index in retentions.indices {
                retentions[index].runIfDue(on: { db })
                failed = failed || retentions[index].isFailing
            }
            if failed { self.db = nil }
            let now = ContinuousClock.now
            let wait = retentions.map { $0.timeUntilDue(at: now) }.min() ?? sweeper.interval
            return .idle(max(wait, .milliseconds(10)))
        }

        mutating func failed(_ error: any Error, retryIn: Duration) {
            sweeper.log.warning("retention could not connect; retrying", ["error": String(describing: error)])
            db = nil
        }
    }
}
