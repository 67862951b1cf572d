import Bus
import Foundation
import Runtime
import Store
import Synchronization
import Testing
import TestKit

/// The outbox relay under a backlog (a relay statement once ran for minutes with tens of
/// thousands of rows pending): every relay statement stays bounded, and the drain rate of
/// a 100,000-row backlog stays within 2× of the rate on a small, fresh table, although
/// - the table was vacuumed and analyzed while empty, and the relay polled it empty long
///   enough for Postgres to cache a generic plan of its statement costed for zero rows
///   (which, for `DELETE … WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)`, re-ran
///   the sub-select for every row: 85 s and the whole table deleted in one statement for
///   20,000 rows);
/// - the broker was unreachable for the relay while the backlog piled up (its vhost
///   deleted, so its database connection and cached plans survive, as in an outage);
/// - another connection holds a snapshot from before the drain for its first half, so the
///   index entries of the rows already deleted cannot be removed.
///
/// Bounds are measured by the relay itself (`OutboxRelay.statistics`, the batch observer),
/// not by racing a clock in the test: the longest statement must stay under 1 s (it is a
/// few milliseconds here; an unbounded scan grows with every batch), the drain rate must be
/// at least half the steady-state rate (the unbounded scan falls far below it as dead rows
/// pile up).
@Suite("Outbox backlog (integration)", .enabled(if: IntegrationEnvironment.isEnabled), .serialized)
struct OutboxBacklogIntegrationTests {
    static let backlog = 100_000
    static let steadyRows = 20_000

    /// Batches seen by the relay's observer.
    final class BatchLog: Sendable {
        private let batches = Mutex<[OutboxRelay.Batch]>([])
        func append(_ batch: OutboxRelay.Batch) { batches.withLock { $0.append(batch) } }
        var all: [OutboxRelay.Batch] { batches.withLock { $0 } }

        /// Rows per second over `batches`: their rows over the span from the start of the
        /// first to the end of the last.
        static func rate(_ batches: ArraySlice<OutboxRelay.Batch>) -> Double {
            guard let first = batches.first, let last = batches.last else { return 0 }
            let span = last.finishedAt - (first.finishedAt - .milliseconds(Int64(first.seconds * 1000)))
            let seconds = Double(span.components.seconds) + Double(span.components.attoseconds) / 1e18
            return Double(batches.reduce(0) { $0 + $1.rows }) / max(seconds, 1e-6)
        }
    }

    /// Inserts `count` rows (backdated ten minutes, so older than any grace period) in
    /// transactions of 10,000, the way a service's commits leave them when the broker is away.
    static func fill(_ count: Int, schema: String, routingKey: String, db: PGConnection) throws {
        var done = 0
        while done < count {
            let n = min(10_000, count - done)
            try db.execute(
                """
                INSERT INTO \(schema).outbox (exchange, routing_key, message_id, type, app_id, content_type,
                    message_timestamp, headers, body, mandatory, created_at)
                SELECT '', $1, gen_random_uuid()::text, 'rt.backlog_event', 'runtime-tests', 'application/json',
                    now(), '{"x-schema-version": 1}', convert_to(repeat('x', 300), 'UTF8'), false,
                    now() - interval '10 minutes' + g * interval '1 microsecond'
                FROM generate_series($2::int8, $3::int8) AS g
                """, [.text(routingKey), .int(Int64(done)), .int(Int64(done + n - 1))])
            done += n
        }
    }

    static func relay(
        _ bed: TestBed, url: String, name: String, log: BatchLog,
        idleInterval: Duration = .milliseconds(250)
    ) throws -> OutboxRelay {
        OutboxRelay(
            amqpURL: try AMQPURL(url), databaseURL: bed.env.databaseURL, schema: bed.schema, name: name,
            idleInterval: idleInterval, metrics: RuntimeMetrics(registry: MetricsRegistry()),
            log: Logger(service: "rt-test", level: .error), observer: { log.append($0) })
    }

    /// Waits (on the caller's thread, up to 180 s) until `relay` has published `rows`.
    static func wait(_ relay: OutboxRelay, rows: Int) {
        let deadline = ContinuousClock.now + .seconds(180)
        while relay.statistics.rows < rows && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
    }

    @Test func aBacklogAfterAnOutageDrainsAtASteadyRateWithBoundedStatements() async throws {
        try await TestBed.with("backlog") { bed in
            let api = ManagementAPI()
            let vhost = IntegrationEnvironment.uniqueName("rt-backlog")
            try await api.createVhost(vhost)
            do {
                try await Self.run(bed, api: api, vhost: vhost)
            } catch {
                try? await api.deleteVhost(vhost)
                throw error
            }
            try? await api.deleteVhost(vhost)
        }
    }

    private static func run(_ bed: TestBed, api: ManagementAPI, vhost: String) async throws {
        let routingKey = bed.queue + ".nobody"
        // Steady state: a small backlog on a fresh table.
        let steadyRate = try await onThread {
            let db = try PGConnection(url: bed.env.databaseURL, applicationName: "runtime-tests")
            try Migrator(schema: bed.schema, migrations: []).migrate(db)
            let log = BatchLog()
            try fill(steadyRows, schema: bed.schema, routingKey: routingKey, db: db)
            let steady = try Self.relay(bed, url: bed.env.amqpURL, name: "rt.relay.steady", log: log)
            try steady.start()
            wait(steady, rows: steadyRows)
            steady.stopAndJoin(timeout: .seconds(30))
            // Vacuumed and analyzed while empty, as a benchmark or a quiet night leaves it.
            try db.execute("VACUUM ANALYZE \(bed.schema).outbox")
            return BatchLog.rate(log.all[...])
        }

        // The relay polls the empty table (every 20 ms) until Postgres has had the chance
        // to cache a generic plan (after five executions), then loses its broker.
        let log = BatchLog()
        let relay = try Self.relay(
            bed, url: bed.env.amqpURL + vhost, name: "rt.relay.backlog", log: log,
            idleInterval: .milliseconds(20))
        try relay.start()
        #expect(try await eventually { relay.statistics.takes >= 10 })
        try await api.deleteVhost(vhost)

        let holder = try await onThread {
            let db = try PGConnection(url: bed.env.databaseURL, applicationName: "runtime-tests")
            try fill(backlog, schema: bed.schema, routingKey: routingKey, db: db)
            // Its first publish after the outage fails and rolls back; it keeps reconnecting.
            let deadline = ContinuousClock.now + .seconds(30)
            while relay.isConnected && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
            let holder = try PGConnection(url: bed.env.databaseURL, applicationName: "runtime-tests.snapshot")
            try holder.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
            _ = try holder.query("SELECT count(*) AS n FROM \(bed.schema).outbox") { try $0.int("n") }
            return UncheckedConnection(holder)
        }
        #expect(!relay.isConnected)
        #expect(try await onThread { try bed.count("SELECT count(*) AS count FROM \(bed.schema).outbox") } == backlog)

        // The broker is back: the relay drains, the snapshot is released halfway.
        try await api.createVhost(vhost)
        try await onThread {
            wait(relay, rows: backlog / 2)
            try holder.connection.execute("COMMIT")
            wait(relay, rows: backlog)
            relay.stopAndJoin(timeout: .seconds(30))
        }

        let batches = log.all
        let drainRate = BatchLog.rate(batches[...])
        let longest = relay.statistics.longestStatementSeconds
        let fifth = max(1, batches.count / 5)
        let windows = stride(from: 0, to: batches.count, by: fifth).map {
            String(Int(BatchLog.rate(batches[$0..<min(batches.count, $0 + fifth)])))
        }
        let statements = batches.map(\.statementSeconds).sorted()
        let transactions = batches.map(\.seconds).sorted()
        print(
            String(
                format: "outbox backlog: drained %d rows at %.0f rows/s (steady state %.0f rows/s), "
                    + "longest relay statement %.1f ms (take p50 %.1f ms, batch p50 %.1f ms), "
                    + "rate per fifth of the drain: %@",
                relay.statistics.rows, drainRate, steadyRate, longest * 1000,
                (statements.isEmpty ? 0 : statements[statements.count / 2]) * 1000,
                (transactions.isEmpty ? 0 : transactions[transactions.count / 2]) * 1000,
                windows.joined(separator: ", ")))
        #expect(relay.statistics.rows == backlog)
        #expect(try await onThread { try bed.count("SELECT count(*) AS count FROM \(bed.schema).outbox") } == 0)
        #expect(longest < 1.0, "longest relay statement \(longest) s")
        #expect(drainRate >= steadyRate / 2, "drain \(drainRate) rows/s, steady state \(steadyRate) rows/s")
    }
}

/// A connection handed from one test thread to the next (used by one thread at a time).
struct UncheckedConnection: @unchecked Sendable {
    let connection: PGConnection
    init(_ connection: PGConnection) { self.connection = connection }
}
