public import Bus
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Store
import Synchronization

/// A background thread that publishes outbox rows left behind (broker down at commit
/// time, a crash between commit and publish) once they are older than a grace period,
/// in batches with one confirm wait each, locking rows with `FOR UPDATE SKIP LOCKED` so
/// several replicas can relay side by side. It also refreshes the outbox lag gauges.
///
/// One publisher per row (docs/DESIGN.md §5): a row a worker wrote is that worker's to
/// publish and delete, and the relay takes it only once it is older than the grace period
/// (the worker is then presumed dead or cut off), never sooner, nudged or not. A row written
/// for the relay (`OutboxWriter.enqueue(_:ifReturnedBy:parameters:on:)`: the webhook ingress and
/// the backfill, which never publish) is the relay's from its commit: ``nudge()`` makes the
/// relay take those rows at once (`OutboxDrain.takeForRelay`), from a cursor of their own that
/// starts over from the oldest such row whenever it has caught up.
///
/// Under a steady stream of rows written for the relay (a webhook ingress at thousands of
/// events a second), each batch costs a claim-and-delete statement, a confirm wait and a
/// commit whatever its size, and the broker's share of a publish shrinks as more publishes
/// share a confirm wait. With a ``linger`` the relay starts such batches at most once per
/// linger after a short one, so they hold what arrived meanwhile: a row waits at most that
/// much longer for its publish, and only while rows keep coming (the first row after a quiet
/// spell goes at once). Meanwhile the scan for rows workers left behind runs at most once
/// per idle interval (or at once when a nudge found nothing written for the relay), not
/// after every batch.
///
/// Each batch costs the same whatever the backlog (docs/DESIGN.md §5): the relay scans the
/// `(created_at, id)` index from a keyset cursor (the key of the last row it took), not
/// from the oldest entry, so it does not walk the dead index entries of rows it already
/// deleted again on every batch. Rows the cursor has passed can still appear (a transaction
/// that ran longer than the grace period commits a row with an older `created_at`; a row a
/// worker had locked and then released): the relay rewinds to the oldest row when it has
/// caught up (a short batch) at most once per ``rewindInterval`` while idle, and at least
/// every ``backlogRewindInterval`` while draining, so such rows wait at most that long.
///
/// On ``stop()`` it publishes everything still pending (grace 0) and exits. It reconnects
/// with capped backoff after a broker or database failure and never exits on an outage;
/// while the broker is unreachable it keeps its database connection and refreshes the lag
/// gauges after each failed attempt (at most once a second), so `connectbus_outbox_pending`
/// and `connectbus_outbox_lag_seconds` show the backlog an outage builds.
/// Thread-safety: `Sendable` handle; the C handles live on the relay thread.
public final class OutboxRelay: ServicePart {
    private let endpoints: Worker.Endpoints
    private let schema: String
    /// The relay's name (its thread's and its connections'), `<service>.relay`.
    public let name: String
    private let grace: Duration
    private let batchSize: Int
    private let idleInterval: Duration
    /// Least time between the end of a short batch of rows written for the relay and the
    /// start of the next (``init(amqpURL:databaseURL:schema:name:grace:batchSize:idleInterval:linger:heartbeatSeconds:metrics:log:wakeup:observer:)``).
    public let linger: Duration
    private let metrics: RuntimeMetrics
    private let log: Logger
    private let loop: BackgroundLoop
    private let connected = Atomic<Bool>(false)
    /// Set by ``nudge()``: rows written for the relay may be waiting.
    private let wakeup: RelayWakeup
    private let observer: (@Sendable (Batch) -> Void)?
    private let totals = Mutex(Statistics())

    /// While caught up, the relay rewinds its cursor at most this often.
    public static let rewindInterval: Duration = .seconds(1)
    /// While draining a backlog, the relay rewinds its cursor at least this often.
    public static let backlogRewindInterval: Duration = .seconds(10)

    /// One batch the relay published (or found empty).
    public struct Batch: Sendable {
        /// Rows published.
        public var rows: Int
        /// Seconds the claim-and-delete statement took.
        public var statementSeconds: Double
        /// Seconds the whole transaction took (statement, publishes, confirm wait, commit).
        public var seconds: Double
        /// When the batch ended.
        public var finishedAt: ContinuousClock.Instant
        /// Whether the scan started from the oldest row (a rewind) rather than the cursor.
        public var rewound: Bool
    }

    /// Totals since the relay was created.
    public struct Statistics: Sendable, Equatable {
        /// Rows published.
        public var rows = 0
        /// Take statements run (empty polls included).
        public var takes = 0
        /// Batches that published at least one row.
        public var batches = 0
        /// The longest relay statement (take or lag probe), in seconds.
        public var longestStatementSeconds = 0.0
    }

    /// Creates a relay (not started).
    /// - Parameters:
    ///   - amqpURL: broker to publish to.
    ///   - databaseURL: database holding `<schema>.outbox`.
    ///   - schema: the service's schema.
    ///   - grace: rows a worker wrote are left to it until they are this old (the time a
    ///     worker may take between its commit and the deletion of the rows it published;
    ///     rows written for the relay do not wait for it).
    ///   - batchSize: rows per transaction and confirm wait.
    ///   - idleInterval: pause between polls when nothing is pending; also the longest time
    ///     between two scans for rows workers left behind while rows written for the relay
    ///     keep it busy.
    ///   - linger: after a short batch of rows written for the relay, how long the relay lets
    ///     such rows gather before it takes the next batch (`OUTBOX_RELAY_LINGER_MS`; zero:
    ///     take them as each nudge comes). A full batch is followed at once.
    ///   - wakeup: what writers of rows for the relay ring (``nudge()`` rings it too); a
    ///     host's comes from its ``HostResources``.
    ///   - observer: called on the relay thread after every batch that published rows
    ///     (benchmarks and tests; keep it cheap).
    public init(
        amqpURL: AMQPURL, databaseURL: String, schema: String, name: String, grace: Duration = .seconds(2),
        batchSize: Int = 500, idleInterval: Duration = .milliseconds(250), linger: Duration = .zero,
        heartbeatSeconds: Int = 30,
        metrics: RuntimeMetrics, log: Logger, wakeup: RelayWakeup = RelayWakeup(),
        observer: (@Sendable (Batch) -> Void)? = nil
    ) {
        self.wakeup = wakeup
        self.observer = observer
        endpoints = Worker.Endpoints(amqpURL: amqpURL, databaseURL: databaseURL, heartbeatSeconds: heartbeatSeconds)
        self.schema = schema
        self.name = name
        self.grace = grace
        self.batchSize = max(1, batchSize)
        self.idleInterval = idleInterval
        self.linger = max(.zero, linger)
        self.metrics = metrics
        self.log = log
        loop = BackgroundLoop(name: name, doorbell: wakeup.doorbell)
    }

    /// Rows and batches published so far and the longest statement.
    public var statistics: Statistics { totals.withLock { $0 } }

    /// Whether the relay's connections are up (for `/readyz`).
    public var isConnected: Bool { connected.load(ordering: .relaxed) }

    /// Starts the relay thread.
    /// - Throws: ``ServicePartError`` when the system refused the thread.
    public func start() throws {
        try loop.start(part: name) { [self] in RelayTask(relay: self) }
    }

    /// Wakes the relay now to publish the rows written for the relay
    /// (`OutboxWriter.enqueue(_:ifReturnedBy:parameters:on:)`) that a writer just committed, such
    /// as the webhook ingress; rows a worker wrote stay the worker's until the grace period
    /// ends. Cheap; may be called from any thread, as often as rows are committed.
    public func nudge() {
        wakeup.ring()
    }

    /// Asks the relay to flush what is pending and exit; does not wait (``join(timeout:)``).
    public func stop() { loop.stop() }

    /// Waits up to `timeout` for the relay's last flush and its thread's end; `false` on timeout.
    @discardableResult
    public func join(timeout: Duration) -> Bool { loop.join(timeout: timeout) }

    /// The relay's thread: connect, publish one batch from the cursor (and refresh the lag
    /// gauges once a second), idle when caught up; after a failure reconnect with backoff (a broker failure keeps the
    /// database connection); at stop flush and close.
    private struct RelayTask: BackgroundTask {
        let relay: OutboxRelay
        let connections: WorkerConnections
        let publisher: OutboxPublisher
        var lastLagCheck = ContinuousClock.now - .seconds(10)
        var scan = Scan()
        var forRelayScan = Scan()
        /// When the last short, non-empty batch of rows written for the relay ended (the
        /// linger counts from it); `nil` after a full or empty one.
        var lastShortForRelayBatch: ContinuousClock.Instant?
        /// When the scan for rows workers left behind last ran.
        var lastStaleScan = ContinuousClock.now - .seconds(3600)
        /// Whether that scan's last batch was full (a backlog: scan again at once).
        var staleBacklog = false

        init(relay: OutboxRelay) {
            self.relay = relay
            connections = WorkerConnections(
                amqpURL: relay.endpoints.amqpURL, databaseURL: relay.endpoints.databaseURL,
                name: relay.name, heartbeatSeconds: relay.endpoints.heartbeatSeconds,
                consume: nil)
            publisher = OutboxPublisher(schema: relay.schema, log: relay.log)
        }

        func connect() throws {
            try connections.connect()
            relay.connected.store(true, ordering: .relaxed)
        }

        mutating func step() throws -> BackgroundLoop.Next {
            if let last = lastShortForRelayBatch, relay.wakeup.writtenForRelay.load(ordering: .acquiring) {
                let since = ContinuousClock.now - last
                if since < relay.linger { return .pause(relay.linger - since) }
            }
            var more = false
            var taken = 0
            var nudgeFoundNothing = false
            if relay.wakeup.writtenForRelay.exchange(false, ordering: .acquiringAndReleasing) {
                taken = try relay.relayBatch(.writtenForRelay, &forRelayScan, publisher, connections)
                if taken == relay.batchSize { relay.wakeup.writtenForRelay.store(true, ordering: .releasing) }
                more = taken == relay.batchSize
                lastShortForRelayBatch = taken > 0 && !more ? .now : nil
                nudgeFoundNothing = taken == 0
            }
            var stale = 0
            if staleBacklog || nudgeFoundNothing || ContinuousClock.now - lastStaleScan >= relay.idleInterval {
                stale = try relay.relayBatch(.olderThan(relay.grace), &scan, publisher, connections)
                lastStaleScan = .now
                staleBacklog = stale == relay.batchSize
            }
            // Rows written for the relay are its everyday work (every webhook event): debug.
            // Rows a worker left behind (a crash, an outage) are worth an operator's notice.
            if taken > 0 { relay.log.debug("relayed outbox rows written for the relay", ["count": String(taken)]) }
            if stale > 0 { relay.log.info("relayed outbox rows workers left behind", ["count": String(stale)]) }
            try refreshLagIfDue()
            guard !staleBacklog, !more else { return .again }
            connections.heartbeat()
            return .idle(relay.idleInterval)
        }

        mutating func failed(_ error: any Error, retryIn delay: Duration) {
            relay.connected.store(false, ordering: .relaxed)
            scan = Scan()
            forRelayScan = Scan()
            // A batch of rows written for the relay may have failed: look again once connected.
            relay.wakeup.writtenForRelay.store(true, ordering: .releasing)
            relay.log.warning(
                "outbox relay lost a connection; reconnecting",
                ["error": String(describing: error), "retry_in_ms": String(Int(delay.seconds * 1000))])
            if error is BusError {
                connections.closeBus()
                // The broker is away, the database maybe not: the gauges show the backlog growing.
                try? refreshLagIfDue()
            } else {
                connections.close()
            }
        }

        /// Refreshes the lag gauges at most once a second (a failed refresh waits its second too).
        mutating func refreshLagIfDue() throws {
            guard ContinuousClock.now - lastLagCheck >= .seconds(1) else { return }
            lastLagCheck = .now
            try relay.updateLag(connections)
        }

        func finish() {
            relay.flush(connections, publisher)
            connections.close()
            relay.connected.store(false, ordering: .relaxed)
        }
    }

    /// The relay's keyset position and when it last started over from the oldest row.
    private struct Scan {
        var cursor: OutboxCursor?
        var lastRewind = ContinuousClock.now
    }

    /// Publishes one batch of `selection` from the scan's cursor and moves it (see the
    /// type's documentation for when it rewinds). Returns the rows published.
    private func relayBatch(
        _ selection: OutboxPublisher.Selection, _ scan: inout Scan, _ publisher: OutboxPublisher,
        _ connections: WorkerConnections
    ) throws -> Int {
        let rewound = scan.cursor == nil
        let batch = try publisher.publish(
            selection, limit: batchSize, after: scan.cursor,
            db: try connections.database(), bus: try connections.publisher())
        record(statement: "take", batch.statementSeconds)
        if batch.rows > 0 {
            metrics.outboxRelayed.increment(by: Double(batch.rows))
            totals.withLock {
                $0.rows += batch.rows; $0.batches += 1
            }
            observer?(
                Batch(
                    rows: batch.rows, statementSeconds: batch.statementSeconds, seconds: batch.seconds,
                    finishedAt: .now, rewound: rewound))
        }
        if let cursor = batch.cursor { scan.cursor = cursor }
        let sinceRewind = ContinuousClock.now - scan.lastRewind
        // Rows written for the relay are few and taken when nudged: caught up, their scan
        // starts over at once, so a row of a transaction that committed after a younger
        // one's (two group-commit writers) goes with the next nudge, its own writer's.
        let rewindWhenCaughtUp: Duration =
            if case .writtenForRelay = selection { .zero } else { Self.rewindInterval }
        if (batch.rows < batchSize && sinceRewind >= rewindWhenCaughtUp) || sinceRewind >= Self.backlogRewindInterval {
            scan = Scan(cursor: nil, lastRewind: .now)
        }
        return batch.rows
    }

    private func record(statement: String, _ seconds: Double) {
        metrics.outboxRelayStatementSeconds.observe(seconds, statement)
        totals.withLock {
            $0.longestStatementSeconds = max($0.longestStatementSeconds, seconds)
            if statement == "take" { $0.takes += 1 }
        }
    }

    /// Publishes every pending row (no grace) before exit: through the keyset until a short
    /// batch, then once more from the oldest row; gives up on the first failure (the rows
    /// stay for the next start).
    private func flush(_ connections: WorkerConnections, _ publisher: OutboxPublisher) {
        do {
            try connections.connect()
            for _ in 0..<2 {
                var cursor: OutboxCursor?
                while true {
                    let batch = try publisher.publishStale(
                        olderThan: .zero, limit: batchSize, after: cursor,
                        db: try connections.database(),
                        bus: try connections.publisher())
                    record(statement: "take", batch.statementSeconds)
                    metrics.outboxRelayed.increment(by: Double(batch.rows))
                    totals.withLock {
                        $0.rows += batch.rows; $0.batches += batch.rows > 0 ? 1 : 0
                    }
                    cursor = batch.cursor ?? cursor
                    if batch.rows < batchSize { break }
                }
            }
            try updateLag(connections)
        } catch {
            log.warning(
                "could not flush the outbox at shutdown; rows stay for the next start",
                ["error": String(describing: error)])
        }
    }

    private func updateLag(_ connections: WorkerConnections) throws {
        let start = ContinuousClock.now
        let lag = try OutboxDrain(schema: schema).lag(on: try connections.database())
        record(statement: "lag", (ContinuousClock.now - start).seconds)
        metrics.recordOutboxLag(lag)
    }
}

/// How a writer tells the outbox relay that it committed rows written for the relay
/// (`OutboxWriter.enqueue(_:ifReturnedBy:parameters:on:)`, e.g. the webhook ingress): a flag the
/// relay reads before its next pass, and the doorbell its idle wait sleeps on. It exists
/// before the relay (a host's part, made at ``ServiceHost/start()``), so the parts that ring
/// it can be built first (``HostResources``); a ring before the relay runs is remembered.
/// Thread-safety: `Sendable`; any thread may ring, as often as rows are committed.
public final class RelayWakeup: Sendable {
    /// Set by ``ring()``, taken by the relay before it looks for rows written for it.
    let writtenForRelay = Atomic<Bool>(false)
    /// Ends the relay's idle wait.
    let doorbell = Doorbell()

    /// A wake-up not rung.
    public init() {}

    /// Marks rows written for the relay and wakes it. Cheap.
    public func ring() {
        writtenForRelay.store(true, ordering: .releasing)
        doorbell.ring()
    }
}
