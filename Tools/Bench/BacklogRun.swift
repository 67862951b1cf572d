import Bus
import Foundation
import Runtime
import Store
import Synchronization

/// `connectbus-bench backlog`: the outbox relay's drain rate. A relay polls an empty outbox
/// that was just vacuumed and analyzed (so Postgres may cache plans costed for zero rows),
/// then `rows` rows appear at once (one transaction commits them) and the relay drains them
/// to `connectbus.events`, routed to `--subscribers` quorum queues. Prints the steady-state
/// rate (a 10,000-row backlog on a fresh table), the backlog's drain rate, the longest relay
/// statement and whether every event reached every subscriber.
struct BacklogRun {
    let options: BenchOptions

    final class Rows: Sendable {
        private let batches = Mutex<[OutboxRelay.Batch]>([])
        func append(_ batch: OutboxRelay.Batch) { batches.withLock { $0.append(batch) } }
        /// Rows per second from the start of the first batch to the end of the last.
        var rate: Double {
            batches.withLock { all in
                guard let first = all.first, let last = all.last else { return 0 }
                let span = (last.finishedAt - first.finishedAt).seconds + first.seconds
                return Double(all.reduce(0) { $0 + $1.rows }) / max(span, 1e-6)
            }
        }
    }

    func execute() throws -> Int32 {
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let schema = "bench_\(suffix)"
        let key = "bench.backlog.\(suffix)"
        let subscribers = (0..<options.subscribers).map { "bench.backlog_\(suffix).\($0 + 1)" }
        defer { Cleanup.drop(schema: schema, queues: subscribers, options) }
        let db = try PGConnection(url: options.databaseURL, applicationName: "bench.backlog")
        try Migrator(schema: schema, migrations: []).migrate(db)
        let admin = try AMQPConnection(url: try AMQPURL(options.amqpURL), connectionName: "bench.backlog")
        defer { admin.close() }
        try admin.declare(
            Topology.exchanges.merged(
                with: Topology(
                    queues: subscribers.map { QueueSpec.quorum($0) },
                    bindings: subscribers.map { BindingSpec(queue: $0, exchange: Exchanges.events, pattern: key) })))

        let steadyRows = min(10_000, options.backlogRows)
        try fill(steadyRows, schema: schema, key: key, db: db)
        let steady = Rows()
        let url = try AMQPURL(options.amqpURL)
        let first = relay(url, schema, steady)
        try first.start()
        while first.statistics.rows < steadyRows { Thread.sleep(forTimeInterval: 0.005) }
        first.stopAndJoin()
        try db.execute("VACUUM ANALYZE \(schema).outbox")

        let drained = Rows()
        let relay = relay(url, schema, drained)
        try relay.start()
        while relay.statistics.takes < 10 { Thread.sleep(forTimeInterval: 0.005) }
        try db.transaction { db in try fill(options.backlogRows, schema: schema, key: key, db: db) }
        let start = ContinuousClock.now
        while relay.statistics.rows < options.backlogRows && ContinuousClock.now - start < .seconds(600) {
            Thread.sleep(forTimeInterval: 0.005)
        }
        relay.stopAndJoin()
        let expected = steadyRows + options.backlogRows
        var counts: [Int] = []
        let deadline = ContinuousClock.now + .seconds(60)
        repeat {
            counts = try subscribers.map { try admin.queueStatus($0).messages }
            if counts.allSatisfy({ $0 >= expected }) { break }
            Thread.sleep(forTimeInterval: 0.1)
        } while ContinuousClock.now < deadline
        let routed = counts.allSatisfy { $0 == expected }
        print(
            String(
                format: "outbox relay: steady state %.0f rows/s (%d rows); backlog of %d rows drained at %.0f rows/s; "
                    + "longest relay statement %.1f ms; routed to %d subscriber(s): %@",
                steady.rate, steadyRows, relay.statistics.rows, drained.rate,
                relay.statistics.longestStatementSeconds * 1000, subscribers.count,
                subscribers.isEmpty ? "-" : (routed ? "all \(expected) each" : "MISSING \(counts)")))
        return relay.statistics.rows == options.backlogRows && routed ? 0 : 1
    }

    private func relay(_ url: AMQPURL, _ schema: String, _ rows: Rows) -> OutboxRelay {
        OutboxRelay(
            amqpURL: url, databaseURL: options.databaseURL,
            schema: schema, name: "bench.relay", idleInterval: .milliseconds(20),
            metrics: RuntimeMetrics(registry: MetricsRegistry()), log: Logger(service: "bench", level: .error),
            observer: { rows.append($0) })
    }

    /// `count` rows of ~300-byte events, backdated a minute (older than any grace period).
    private func fill(_ count: Int, schema: String, key: String, db: PGConnection) throws {
        try db.execute(
            """
            INSERT INTO \(schema).outbox (exchange, routing_key, message_id, type, app_id, content_type,
                message_timestamp, headers, body, mandatory, created_at)
            SELECT $1, $2, gen_random_uuid()::text, 'bench.backlog_event', 'bench', 'application/json', now(),
                '{"x-schema-version": 1}', convert_to(repeat('x', 300), 'UTF8'), false,
                now() - interval '1 minute' + g * interval '1 microsecond'
            FROM generate_series(1, $3::int8) AS g
            """, [.text(Exchanges.events), .text(key), .int(Int64(count))])
    }
}
