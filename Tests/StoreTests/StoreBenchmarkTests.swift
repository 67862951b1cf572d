import Foundation
import Store
import TestKit
import Testing

/// Prints single-connection commit rates; opt-in with `STORE_BENCH=1` (never a timed
/// assertion: it checks only that every row arrived).
@Suite(.serialized, .enabled(if: IntegrationEnvironment.isEnabled && ProcessInfo.processInfo.environment["STORE_BENCH"] == "1"))
struct StoreBenchmarkTests {
    @Test(arguments: [true, false])
    func singleRowInsertCommitRate(prepared: Bool) async throws {
        try await onThread {
            try TestDatabase.withSchema(prepared: prepared) { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                try conn.execute("CREATE TABLE \(schema.quoted).t (id bigint PRIMARY KEY, body bytea)")
                let count = 5000
                let body = [UInt8](repeating: 7, count: 256)
                var start = ContinuousClock.now
                for n in 0..<count {
                    try conn.transaction { conn in
                        try conn.execute("INSERT INTO \(schema.quoted).t (id, body) VALUES ($1, $2)", [.int(Int64(n)), .bytes(body)])
                    }
                }
                let plain = Double(count) / (ContinuousClock.now - start).inSeconds
                #expect(try conn.execute("SELECT count(*) AS n FROM \(schema.quoted).t").first?.int("n") == Int64(count))

                // The rest measures round trips, not the disk: commits do not wait for fsync.
                try conn.execute("SET synchronous_commit = off")
                let inbox = Inbox(schema: schema.name), outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                start = ContinuousClock.now
                for batch in stride(from: 0, to: count, by: 50) {
                    try conn.transaction { conn in
                        for n in batch..<(batch + 50) {
                            try conn.savepoint("message") { conn in
                                _ = try inbox.record(messageId: "m-\(n)", queue: "q", on: conn)
                                try outbox.enqueue(
                                    OutboxMessage(
                                        exchange: "x", routingKey: "k", messageId: "o-\(n)", type: "t",
                                        appId: "bench", timestamp: Date(), body: body, mandatory: false), on: conn)
                            }
                        }
                    }
                }
                let runtime = Double(count) / (ContinuousClock.now - start).inSeconds
                #expect(try drain.lag(on: conn).count == count)
                print(
                    "store bench prepared=\(prepared): single-row insert+commit \(Int(plain))/s; "
                        + "messages (savepoint+inbox+outbox, 50 per commit, synchronous_commit off) \(Int(runtime))/s")
            }
        }
    }
}

extension Duration {
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
