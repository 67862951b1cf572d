import Foundation
import Store
import TestKit
import Testing

/// Deleting rows their writer already published (`OutboxDrain+Published.swift`): alone, or as a
/// common table expression of a statement that runs anyway; rows another transaction holds
/// (the relay publishing them) are skipped, never waited for.
@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct OutboxPublishedTests {
    @Test func publishedRowsAreDeletedAloneSkippingLockedOnes() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                let ids = try conn.transaction { conn in try (0..<4).map { try outbox.enqueue(OutboxTests.message($0), on: conn) } }
                let relay = try TestDatabase.connect("store-tests-relay")
                try conn.execute("SET lock_timeout = '5s'")  // a wait would fail, not hang
                let (held, deleted) = try relay.transaction { relay throws -> ([Int64], Int) in
                    let held = try drain.claim(ids: [ids[1]], on: relay).map(\.id)
                    return (held, try drain.deletePublished([ids[0], ids[1], ids[2]], on: conn))
                }
                #expect(held == [ids[1]])
                #expect(deleted == 2)
                #expect(try conn.transaction { try drain.claim(ids: ids, on: $0) }.map(\.id) == [ids[1], ids[3]])
                let inside = try #require(throws: StoreError.self) {
                    try conn.transaction { conn in try drain.deletePublished([ids[3]], on: conn) }
                }
                #expect(inside.code == StoreError.Code.transactionState)
                #expect(try drain.deletePublished([], on: conn) == 0)
            }
        }
    }

    @Test func theCommonTableExpressionDeletesWithTheStatementItJoins() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                let ids = try conn.transaction { conn in try (0..<3).map { try outbox.enqueue(OutboxTests.message($0), on: conn) } }
                // The main statement does not read the CTE: Postgres still runs it, once.
                let answer = try conn.query(
                    "WITH \(try drain.deletePublishedCTE(parameter: 2)) SELECT $1::int8 AS n",
                    [.int(7), .intArray([ids[0], ids[2]])], planning: .perExecution
                ) { try $0.int("n") }
                #expect(answer == [7])
                #expect(try conn.transaction { try drain.claim(ids: ids, on: $0) }.map(\.id) == [ids[1]])
                // Rolled back with its transaction.
                _ = try? conn.transaction { conn -> Void in
                    _ = try conn.query(
                        "WITH \(try drain.deletePublishedCTE(parameter: 1, relaxed: true)) SELECT 1 AS n",
                        [.intArray([ids[1]])], planning: .perExecution
                    ) { try $0.int("n") }
                    throw StoreError(code: StoreError.Code.queryFailed, message: "roll back")
                }
                #expect(try conn.transaction { try drain.claim(ids: ids, on: $0) }.map(\.id) == [ids[1]])
            }
        }
    }

    @Test func theInboxLookupDeletesThePublishedRowsAndCommitsThem() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                let inbox = Inbox(schema: schema.name)
                let ids = try conn.transaction { conn in try (0..<3).map { try outbox.enqueue(OutboxTests.message($0), on: conn) } }
                try conn.transaction { conn in _ = try inbox.record(messageIds: ["seen"], queue: "q", on: conn) }
                #expect(try inbox.entry(messageId: "seen", deletingPublished: [ids[0]], from: drain, on: conn) != nil)
                #expect(try inbox.entry(messageId: "new", deletingPublished: [ids[2]], from: drain, on: conn) == nil)
                #expect(try inbox.entry(messageId: "new", deletingPublished: [], from: drain, on: conn) == nil)
                // Committed with the lookup: another connection no longer sees the rows.
                let other = try TestDatabase.connect("store-tests-other")
                #expect(try other.transaction { try drain.claim(ids: ids, on: $0) }.map(\.id) == [ids[1]])
            }
        }
    }
}
