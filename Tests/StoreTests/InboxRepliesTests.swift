import Store
import TestKit
import Testing

/// `Inbox.keepDeferred`, `entry`, `entries`: a command's fingerprint and reply kept in its
/// inbox row with its transaction, read back byte for byte, pruned with the row; a row
/// written as an earlier release writes it (only `message_id`, `queue`) still works.
@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct InboxRepliesTests {
    static let reply = StoredReply(
        messageId: "r-1", type: "q.reply", headersJSON: Array(#"{"x-causation-id":"m-1"}"#.utf8),
        body: Array("{\"ok\": true,\n \"result\": {\"é\": 1}}".utf8))
    static let fingerprint: [UInt8] = Array(repeating: 7, count: 32)

    @Test func aKeptReplyIsReadBackByteForByteAndCostsNoRoundTrip() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let inbox = Inbox(schema: schema.name)
                let before = conn.roundTrips
                try conn.transaction { conn in
                    try inbox.recordDeferred(messageId: "m-1", queue: "q", on: conn) { _ in }
                    try inbox.recordDeferred(messageId: "m-2", queue: "q", on: conn) { _ in }
                    try inbox.keepDeferred(
                        [
                            KeptReply(messageId: "m-1", bodySHA256: Self.fingerprint, replyTo: "replies", reply: Self.reply),
                            KeptReply(messageId: "m-2", bodySHA256: Self.fingerprint, replyTo: "replies", reply: nil),
                        ], on: conn)
                }
                #expect(conn.roundTrips - before == 1)
                let entry = try #require(try inbox.entry(messageId: "m-1", on: conn))
                #expect(entry.bodySHA256 == Self.fingerprint && entry.replyTo == "replies")
                #expect(entry.reply?.body == Self.reply.body)  // bytea: byte for byte
                #expect(entry.reply?.messageId == "r-1" && entry.reply?.type == "q.reply")
                // jsonb keeps the headers' meaning, not their spelling (they are parsed anyway).
                #expect(entry.reply.map { String(decoding: $0.headersJSON, as: UTF8.self) } == #"{"x-causation-id": "m-1"}"#)
                #expect(try inbox.entry(messageId: "m-2", on: conn)?.reply == nil)
                #expect(try inbox.entry(messageId: "m-3", on: conn) == nil)
                let entries = try inbox.entries(messageIds: ["m-1", "m-2", "m-3"], on: conn)
                #expect(Set(entries.keys) == ["m-1", "m-2"] && entries["m-1"] == entry)
                #expect(try inbox.prune(olderThan: .zero, limit: 10, on: conn) == 2)
                #expect(try inbox.entry(messageId: "m-1", on: conn) == nil)
            }
        }
    }

    /// Expand-only: the columns are nullable, so the previous release's insert still works
    /// and its rows read as entries with nothing to compare or replay.
    @Test func aRowOfTheEarlierReleaseHasNoFingerprintOrReply() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                try conn.execute("INSERT INTO \(schema.quoted).inbox (message_id, queue) VALUES ('old', 'q')")
                let entry = try Inbox(schema: schema.name).entry(messageId: "old", on: conn)
                #expect(entry == InboxEntry(bodySHA256: nil, replyTo: nil, reply: nil))
            }
        }
    }
}
