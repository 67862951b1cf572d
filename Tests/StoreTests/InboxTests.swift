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
