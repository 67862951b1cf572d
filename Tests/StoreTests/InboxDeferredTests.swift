import Store
import TestKit
import Testing

/// `Inbox.recordDeferred`: the one-at-a-time inbox row, sent with the transaction's next
/// statement or COMMIT.
@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct InboxDeferredTests {
    @Test func aNewMessageIsRecordedWithTheCommit() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let inbox = Inbox(schema: schema.name)
                var recorded: Bool?
                let before = conn.roundTrips
                try conn.transaction { conn in
                    try inbox.recordDeferred(messageId: "m-1", queue: "q", on: conn) { recorded = try? $0.get() }
                }
                #expect(conn.roundTrips - before == 1)
                #expect(recorded == true)
                #expect(try inbox.contains(messageId: "m-1", on: conn))
            }
        }
    }

    /// A message recorded before makes the deferred row fail, and with it the COMMIT: the
    /// work done in the same transaction is not kept twice.
    @Test func aRecordedMessageFailsTheTransaction() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                try conn.execute("CREATE TABLE \(schema.quoted).effects (n int)")
                let inbox = Inbox(schema: schema.name)
                _ = try conn.transaction { try inbox.record(messageId: "m-1", queue: "q", on: $0) }
                var recorded: Bool?
                #expect(throws: StoreError.self) {
                    try conn.transaction { conn in
                        try inbox.recordDeferred(messageId: "m-1", queue: "q", on: conn) { recorded = try? $0.get() }
                        try conn.deferWrite("INSERT INTO \(schema.quoted).effects VALUES (1)", []) { _ in }
                    }
                }
                #expect(recorded == false)
                #expect(!conn.isInTransaction)
                #expect(try conn.query("SELECT n FROM \(schema.quoted).effects") { try $0.int("n") }.isEmpty)
            }
        }
    }

    @Test func forgetDeferredDeletesWithTheCommit() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let inbox = Inbox(schema: schema.name)
                _ = try conn.transaction { try inbox.record(messageIds: ["a", "b", "c"], queue: "q", on: $0) }
                try conn.transaction { try inbox.forgetDeferred(messageIds: ["a", "c"], on: $0) }
                #expect(try !inbox.contains(messageId: "a", on: conn))
                #expect(try inbox.contains(messageId: "b", on: conn))
                #expect(try !inbox.contains(messageId: "c", on: conn))
            }
        }
    }
}
