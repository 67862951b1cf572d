import Store
import TestKit
import Testing

@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct InboxTests {
    @Test func secondRecordReturnsFalse() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let inbox = Inbox(schema: schema.name)
                #expect(try conn.transaction { try inbox.record(messageId: "m-1", queue: "q", on: $0) })
                #expect(try conn.transaction { try inbox.record(messageId: "m-1", queue: "q", on: $0) } == false)
                #expect(try conn.transaction { try inbox.record(messageId: "m-2", queue: "q", on: $0) })
            }
        }
    }

    @Test func rolledBackRecordIsForgotten() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let inbox = Inbox(schema: schema.name)
                #expect(throws: Boom.self) {
                    try conn.transaction { conn in
                        #expect(try inbox.record(messageId: "m-1", queue: "q", on: conn))
                        throw Boom()
                    }
                }
                #expect(try conn.transaction { try inbox.record(messageId: "m-1", queue: "q", on: $0) })
            }
        }
    }

    @Test func recordOutsideTransactionIsRefused() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                do {
                    _ = try Inbox(schema: schema.name).record(messageId: "m", queue: "q", on: conn)
                    Issue.record("expected refusal")
                } catch let error as StoreError {
                    #expect(error.code == "store.transaction_state")
                }
            }
        }
    }
}

@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct InboxPruneTests {
    @Test func pruneDeletesOnlyOldRows() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let inbox = Inbox(schema: schema.name)
                try conn.transaction { conn in
                    for id in ["old-1", "old-2", "old-3"] { _ = try inbox.record(messageId: id, queue: "q", on: conn) }
                }
                try conn.execute("UPDATE \(schema.quoted).inbox SET received_at = received_at - interval '2 days'")
                try conn.transaction { _ = try inbox.record(messageId: "new", queue: "q", on: $0) }
                #expect(try inbox.prune(olderThan: .seconds(86_400), limit: 2, on: conn) == 2)
                #expect(try inbox.prune(olderThan: .seconds(86_400), limit: 2, on: conn) == 1)
                #expect(try inbox.prune(olderThan: .seconds(86_400), limit: 2, on: conn) == 0)
                #expect(try conn.transaction { try inbox.record(messageId: "new", queue: "q", on: $0) } == false)
            }
        }
    }
}
