import Store
import TestKit
import Testing

/// `OutboxWriter.enqueueDeferred`: outbox rows sent with the transaction's COMMIT.
@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct OutboxDeferredTests {
    @Test func rowsAndABatchAreWrittenWithTheCommitInOneRoundTrip() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                var single: [Int64] = []
                var batch: [Int64] = []
                let before = conn.roundTrips
                try conn.transaction { conn in
                    for n in 0..<2 {
                        try outbox.enqueueDeferred(OutboxTests.message(n), on: conn) {
                            if case .success(let id) = $0 { single.append(id) }
                        }
                    }
                    try outbox.enqueueDeferred(batch: (2..<5).map(OutboxTests.message), on: conn) {
                        if case .success(let ids) = $0 { batch = ids }
                    }
                }
                #expect(conn.roundTrips - before == 1)
                #expect(single.count == 2)
                #expect(batch.count == 3)
                let ids = single + batch
                let rows = try conn.transaction { conn in try drain.claim(ids: ids, on: conn) }
                #expect(rows.map(\.id) == ids)
                #expect(rows.map(\.message) == (0..<5).map(OutboxTests.message))
            }
        }
    }

    @Test func anEmptyBatchQueuesNothing() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let outbox = OutboxWriter(schema: schema.name)
                var answered: [Int64]?
                let before = conn.roundTrips
                try conn.transaction { conn in
                    try outbox.enqueueDeferred(batch: [], on: conn) { answered = try? $0.get() }
                }
                #expect(answered == [])
                #expect(conn.roundTrips == before)
            }
        }
    }

    /// The published rows' deletion commits with the transaction that carried it, skips a
    /// row another transaction holds, and is undone by a rollback.
    @Test func publishedRowsAreDeletedWithTheCarryingTransaction() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                let ids = try conn.transaction { conn in try (0..<3).map { try outbox.enqueue(OutboxTests.message($0), on: conn) } }
                #expect(throws: Boom.self) {
                    try conn.transaction { conn in
                        try drain.deletePublishedDeferred(ids, on: conn)
                        try conn.execute("SELECT 1")
                        throw Boom()
                    }
                }
                let holder = try TestDatabase.connect("holder")
                try holder.execute("BEGIN")
                _ = try drain.claim(ids: [ids[1]], on: holder)
                let before = conn.roundTrips
                try conn.transaction { conn in try drain.deletePublishedDeferred(ids, on: conn) }
                #expect(conn.roundTrips - before == 1)
                try holder.execute("ROLLBACK")
                let left = try conn.query("SELECT id FROM \(schema.quoted).outbox ORDER BY id") { try $0.int("id") }
                #expect(left == [ids[1]])
            }
        }
    }
}
