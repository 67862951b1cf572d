import Foundation
import Store
import TestKit
import Testing

/// The outbox's set-based insert, claim-and-delete and the insert guarded by a caller's
/// statement (the batch processor's and the webhook ingress's statements).
@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct OutboxBatchTests {
    @Test func aBatchInsertKeepsOrderAndEveryColumn() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                let messages = (0..<5).map(OutboxTests.message)
                let ids = try conn.transaction { try outbox.enqueue(batch: messages, on: $0) }
                #expect(ids.count == 5 && ids == ids.sorted())
                #expect(try conn.transaction { try outbox.enqueue(batch: [], on: $0) }.isEmpty)
                let rows = try conn.transaction { try drain.claim(ids: ids, on: $0) }
                #expect(rows.map(\.id) == ids)
                #expect(rows.map(\.message) == messages)
            }
        }
    }

    @Test func claimAndDeleteTakesOnlyUnlockedRowsAndARollbackPutsThemBack() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                let ids = try conn.transaction { try outbox.enqueue(batch: (0..<3).map(OutboxTests.message), on: $0) }
                let other = try TestDatabase.connect("store-tests-claim")
                try other.execute("SET lock_timeout = '5s'")
                struct Undo: Error {}
                #expect(throws: Undo.self) {
                    try conn.transaction { conn in
                        #expect(try drain.claimAndDelete(ids: ids, on: conn) == Set(ids))
                        throw Undo()
                    }
                }
                try conn.transaction { conn in
                    let mine = try drain.claimAndDelete(ids: [ids[0]], on: conn)
                    let theirs = try other.transaction { try drain.claimAndDelete(ids: ids, on: $0) }
                    #expect(mine == [ids[0]])
                    #expect(theirs == [ids[1], ids[2]])
                }
                #expect(try conn.transaction { try drain.claim(ids: ids, on: $0) }.isEmpty)
                #expect(throws: StoreError.self) { try drain.claimAndDelete(ids: ids, on: conn) }
            }
        }
    }

    @Test func aGuardedInsertWritesRowsOnlyForTheKeysTheStatementReturned() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                try conn.execute("CREATE TABLE \(schema.quoted).seen (key text PRIMARY KEY, label text, body bytea)")
                try conn.execute("INSERT INTO \(schema.quoted).seen VALUES ('k1', 'old', NULL)")
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                let messages = ["k0", "k1", "k2"].enumerated().map { index, key in
                    KeyedOutboxMessage(key: key, message: OutboxTests.message(index))
                }
                let stored = try outbox.enqueue(
                    messages,
                    ifReturnedBy: """
                        INSERT INTO \(schema.quoted).seen (key, label, body)
                        SELECT m.key, $1, m.body FROM message m ORDER BY m.ord
                        ON CONFLICT (key) DO NOTHING RETURNING key
                        """, parameters: [.text("new")], on: conn)
                #expect(stored == ["k0", "k2"])
                let rows = try conn.transaction { conn in
                    try drain.takeStale(olderThan: .zero, limit: 10, on: conn)
                }
                #expect(rows.map(\.message) == [OutboxTests.message(0), OutboxTests.message(2)])
                let bodies = try conn.query("SELECT key, body FROM \(schema.quoted).seen WHERE label = 'new' ORDER BY key") {
                    row in (try row.string("key"), try row.bytes("body"))
                }
                #expect(bodies.map(\.0) == ["k0", "k2"])
                #expect(bodies.map(\.1) == [OutboxTests.message(0).body, OutboxTests.message(2).body])
            }
        }
    }

    @Test func rowsWrittenForTheRelayAreTakenAtOnceAndAWorkersRowsNever() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                try conn.execute("CREATE TABLE \(schema.quoted).seen (key text PRIMARY KEY)")
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                // A worker's rows (plain inserts), one of them an hour old: not the relay's here.
                let workers = try conn.transaction { conn in
                    try (10..<12).map { try outbox.enqueue(OutboxTests.message($0), on: conn) }
                }
                try OutboxTests.backdate(schema, seconds: 3600, on: conn)
                _ = try outbox.enqueue(batch: [OutboxTests.message(12)], on: conn)
                let guarded = (0..<5).map { KeyedOutboxMessage(key: "k\($0)", message: OutboxTests.message($0)) }
                _ = try outbox.enqueue(
                    guarded,
                    ifReturnedBy: "INSERT INTO \(schema.quoted).seen SELECT m.key FROM message m RETURNING key",
                    parameters: [], on: conn)
                // Fresh rows written for the relay, taken whatever their age, in keyset batches.
                let first = try conn.transaction { try drain.takeForRelay(limit: 3, after: nil, on: $0) }
                #expect(first.rows.map(\.message) == (0..<3).map(OutboxTests.message))
                let rest = try conn.transaction { try drain.takeForRelay(limit: 3, after: first.cursor, on: $0) }
                #expect(rest.rows.map(\.message) == (3..<5).map(OutboxTests.message))
                #expect(try conn.transaction { try drain.takeForRelay(limit: 3, after: nil, on: $0) }.rows.isEmpty)
                // The worker's rows are still there, for the grace-period take only.
                let left = try conn.query("SELECT id FROM \(schema.quoted).outbox ORDER BY id") { try $0.int("id") }
                #expect(left.count == 3 && Array(left.prefix(2)) == workers)
                let stale = try conn.transaction { try drain.takeStale(olderThan: .seconds(60), limit: 10, on: $0) }
                #expect(stale.map(\.message) == [OutboxTests.message(10), OutboxTests.message(11)])
            }
        }
    }
}
