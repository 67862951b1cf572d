import Store
import TestKit
import Testing

/// The inbox's set-based and lookup statements (the batch and one-at-a-time processors').
@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct InboxBatchTests {
    @Test func aBatchRecordReturnsOnlyTheNewIdsOnceEach() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let inbox = Inbox(schema: schema.name)
                try conn.transaction { conn in
                    #expect(try inbox.record(messageId: "m1", queue: "q", on: conn))
                    let fresh = try inbox.record(messageIds: ["m1", "m2", "m3", "m2"], queue: "q", on: conn)
                    #expect(fresh == ["m2", "m3"])
                }
                #expect(try inbox.contains(messageId: "m3", on: conn))
                #expect(try !inbox.contains(messageId: "m4", on: conn))
            }
        }
    }

    @Test func forgottenIdsAreNewAgainAndOthersStay() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let inbox = Inbox(schema: schema.name)
                try conn.transaction { conn in
                    _ = try inbox.record(messageIds: ["a", "b", "c"], queue: "q", on: conn)
                    try inbox.forget(messageIds: ["b"], on: conn)
                    try inbox.forget(messageIds: [], on: conn)
                }
                #expect(try !inbox.contains(messageId: "b", on: conn))
                #expect(try conn.transaction { try inbox.record(messageIds: ["a", "b", "c"], queue: "q", on: $0) } == ["b"])
            }
        }
    }
}
