import Foundation
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
        try db.execute("DELETE FROM \(inbox) WHERE message_id = ANY($1)", [.textArray(messageIds)])
    }

    /// Inserts `messages` in order and returns their ids in the same order.
    func insertOutbox(_ messages: [OutboxMessage], on db: PGConnection) throws(StoreError) -> [Int64] {
        guard !messages.isEmpty else { return [] }
        func column(_ value: (OutboxMessage) -> String) -> PGValue? { .textArray(messages.map(value)) }
        return try db.query("""
            INSERT INTO \(outbox) (exchange, routing_key, message_id, type, correlation_id, reply_to, app_id,
                content_type, message_timestamp, headers, body, mandatory)
            SELECT e, r, m, t, NULLIF(c, ''), NULLIF(rt, ''), a, ct, to_timestamp(ts::float8), h::jsonb,
                decode(b, 'base64'), md::boolean
            FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
                WITH ORDINALITY AS u(e, r, m, t, c, rt, a, ct, ts, h, b, md, ord)
            ORDER BY ord
            RETURNING id
            """, [column(\.exchange), column(\.routingKey), column(\.messageId), column(\.type),
                  column { $0.correlationId ?? "" }, column { $0.replyTo ?? "" }, column(\.appId),
                  column(\.contentType), column { String($0.timestamp.timeIntervalSince1970) },
                  column { String(decoding: $0.headersJSON, as: UTF8.self) },
                  column { Data($0.body).base64EncodedString() }, column { $0.mandatory ? "true" : "false" }]) { row in
            try row.int("id")
        }
    }

    /// Locks and deletes (uncommitted, inside the caller's transaction) the rows of `ids`
    /// that no other publisher holds (`FOR UPDATE SKIP LOCKED`); returns the ids taken.
    func claimAndDelete(_ ids: [Int64], on db: PGConnection) throws(StoreError) -> Set<Int64> {
        Set(try db.query("""
            DELETE FROM \(outbox) WHERE id IN (
                SELECT id FROM \(outbox) WHERE id = ANY($1) FOR UPDATE SKIP LOCKED)
            RETURNING id
            """, [.intArray(ids)]) { row in try row.int("id") })
    }
}
