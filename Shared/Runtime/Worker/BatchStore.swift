#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Store

/// The set-based statements that keep a batch's database round trips constant instead of
/// per message (DESIGN §10): one statement records every inbox row of the batch, one
/// inserts every outbox row, one claims-and-deletes the rows to publish.
///
/// Works on the runtime tables of `Migrator.runtimeMigrations` (`<schema>.inbox`,
/// `<schema>.outbox`); statements are prepared once per connection by `PGConnection`.
/// Thread-safety: a `Sendable` value; the connection passed in is the caller's.
struct BatchStore: Sendable {
    private let inbox: String
    private let outbox: String

    init(schema: String) throws(StoreError) {
        let quoted = try SQLIdentifier(schema).quoted
        inbox = quoted + ".inbox"
        outbox = quoted + ".outbox"
    }

    /// Inserts inbox rows for `messageIds` (inside the caller's transaction) and returns the
    /// ids that were new; ids already present were handled before.
    func recordInbox(_ messageIds: [String], queue: String, on db: PGConnection) throws(StoreError) -> Set<String> {
        let rows = try db.query("""
            INSERT INTO \(inbox) (message_id, queue) SELECT DISTINCT unnest($1::text[]), $2
            ON CONFLICT (message_id) DO NOTHING RETURNING message_id
            """, [.textArray(messageIds), .text(queue)]) { row in try row.string("message_id") }
        return Set(rows)
    }

    /// Removes the inbox rows of messages that failed inside the batch, so their retry is
    /// not mistaken for a duplicate.
    func forgetInbox(_ messageIds: [String], on db: PGConnection) throws(StoreError) {
        guard !messageIds.isEmpty else { return }
        try db.execute("DELETE FROM \(inbox) WHERE message_id = ANY($1)", [.textArray(messageIds)],
                       planning: .perExecution)
    }

    /// Inserts `messages` in order and returns their ids in the same order. The rows travel
    /// as one JSON array (bodies base64-encoded), expanded by `jsonb_to_recordset`.
    func insertOutbox(_ messages: [OutboxMessage], on db: PGConnection) throws(StoreError) -> [Int64] {
        guard !messages.isEmpty else { return [] }
        return try db.query("""
            INSERT INTO \(outbox) (exchange, routing_key, message_id, type, correlation_id, reply_to, app_id,
                content_type, message_timestamp, headers, body, mandatory)
            SELECT x.e, x.r, x.m, x.t, x.c, x.rt, x.a, x.ct, to_timestamp(x.ts), x.h, decode(x.b, 'base64'), x.md
            FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (e text, r text, m text, t text, c text, rt text,
                a text, ct text, ts float8, h jsonb, b text, md boolean)) WITH ORDINALITY
                AS x(e, r, m, t, c, rt, a, ct, ts, h, b, md, ord)
            ORDER BY x.ord
            RETURNING id
            """, [.json(BatchStore.rowsJSON(messages))]) { row in try row.int("id") }
    }

    /// `[{"e":…,"r":…,…},…]` for ``insertOutbox(_:on:)``.
    static func rowsJSON(_ messages: [OutboxMessage]) -> [UInt8] {
        var json: [UInt8] = []
        json.reserveCapacity(messages.count * 512)
        json.append(UInt8(ascii: "["))
        for (index, message) in messages.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            func field(_ name: String, _ value: String?) {
                json += Array("\"\(name)\":".utf8)
                if let value { json += Array(("\"" + JSONText.escape(value) + "\",").utf8) } else { json += Array("null,".utf8) }
            }
            json.append(UInt8(ascii: "{"))
            field("e", message.exchange)
            field("r", message.routingKey)
            field("m", message.messageId)
            field("t", message.type)
            field("c", message.correlationId)
            field("rt", message.replyTo)
            field("a", message.appId)
            field("ct", message.contentType)
            field("b", Data(message.body).base64EncodedString())
            json += Array("\"ts\":\(message.timestamp.timeIntervalSince1970),\"md\":\(message.mandatory),\"h\":".utf8)
            json += message.headersJSON.isEmpty ? Array("{}".utf8) : message.headersJSON
            json.append(UInt8(ascii: "}"))
        }
        json.append(UInt8(ascii: "]"))
        return json
    }

    /// Locks and deletes (uncommitted, inside the caller's transaction) the rows of `ids`
    /// that no other publisher holds (`FOR UPDATE SKIP LOCKED`); returns the ids taken.
    /// Primary-key lookups only, gathered once by an init plan (`= ANY(ARRAY(…))`, never
    /// `IN (SELECT …)`, which the planner may re-run per row: see `Outbox.takeStale`).
    ///
    /// The transaction's commit is made asynchronous (`synchronous_commit = off`, local to
    /// it): losing this deletion in a database crash only makes the relay publish the rows
    /// again, which consumers' inboxes absorb, so waiting for its WAL flush buys nothing.
    func claimAndDelete(_ ids: [Int64], on db: PGConnection) throws(StoreError) -> Set<Int64> {
        Set(try db.query("""
            WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true) AS setting)
            DELETE FROM \(outbox) WHERE id = ANY(ARRAY(
                SELECT o.id FROM \(outbox) AS o, relaxed WHERE o.id = ANY($1) FOR UPDATE OF o SKIP LOCKED))
            RETURNING id
            """, [.intArray(ids)], planning: .perExecution) { row in try row.int("id") })
    }
}
