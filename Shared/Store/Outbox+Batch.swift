#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Outbox {
    /// Inserts `messages` in order with one statement (normally in the caller's
    /// transaction) and returns their row ids in the same order; no ids for no messages.
    ///
    /// The rows travel as one JSON array parameter (``rowsJSON(_:)``: bodies
    /// base64-encoded) expanded by `jsonb_to_recordset … WITH ORDINALITY`, so the statement's
    /// text — and its prepared plan — is the same for every batch size. The batch
    /// processor's outbox statement (DESIGN §10: one per batch, not per message).
    /// - Throws: `store.invalid_identifier` for a bad schema name; the statement's
    ///   `StoreError` (e.g. `store.query_failed` for invalid `headersJSON`).
    public func enqueue(batch messages: [OutboxMessage], on conn: PGConnection) throws(StoreError) -> [Int64] {
        let table = try table.get()
        guard !messages.isEmpty else { return [] }
        return try conn.query(Outbox.insertBatch(table), [.json(Outbox.rowsJSON(messages))]) { row in try row.int("id") }
    }

    /// The one-statement `INSERT` of a JSON array of rows into `table`, returning their ids
    /// in array order (``enqueue(batch:on:)``).
    static func insertBatch(_ table: String) -> String {
        """
        INSERT INTO \(table) (exchange, routing_key, message_id, type, correlation_id, reply_to, app_id,
            content_type, message_timestamp, headers, body, mandatory)
        SELECT x.e, x.r, x.m, x.t, x.c, x.rt, x.a, x.ct, to_timestamp(x.ts), x.h, decode(x.b, 'base64'), x.md
        FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (e text, r text, m text, t text, c text, rt text,
            a text, ct text, ts float8, h jsonb, b text, md boolean)) WITH ORDINALITY
            AS x(e, r, m, t, c, rt, a, ct, ts, h, b, md, ord)
        ORDER BY x.ord
        RETURNING id
        """
    }

    /// Locks and deletes (uncommitted, inside the caller's transaction) the rows of `ids`
    /// that no other publisher holds (`FOR UPDATE SKIP LOCKED`) and returns the ids taken;
    /// the caller publishes those from memory, waits for the confirms and commits (a
    /// rollback puts them back for the relay). No statement for no ids.
    ///
    /// Primary-key lookups only, gathered once by an init plan (`= ANY(ARRAY(…))`, never
    /// `IN (SELECT …)`, which the planner may re-run per row: see ``takeStale(olderThan:limit:after:on:)``),
    /// planned per execution. The transaction's commit is made asynchronous
    /// (`synchronous_commit = off`, local to it): losing this deletion in a database crash
    /// only makes the relay publish the rows again, which consumers' inboxes absorb, so
    /// waiting for its WAL flush buys nothing.
    /// - Throws: `store.transaction_state` outside a transaction; `store.invalid_identifier`
    ///   for a bad schema name; the statement's `StoreError`.
    public func claimAndDelete(ids: [Int64], on conn: PGConnection) throws(StoreError) -> Set<Int64> {
        let table = try table.get()
        try requireTransaction(conn, "claimAndDelete")
        guard !ids.isEmpty else { return [] }
        return Set(
            try conn.query(
                """
                WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true) AS setting)
                DELETE FROM \(table) WHERE id = ANY(ARRAY(
                    SELECT o.id FROM \(table) AS o, relaxed WHERE o.id = ANY($1) FOR UPDATE OF o SKIP LOCKED))
                RETURNING id
                """, [.intArray(ids)], planning: .perExecution
            ) { row in try row.int("id") })
    }

    /// `[{"e":…,"r":…,…},…]`, the parameter of ``enqueue(batch:on:)``: per message in order
    /// its exchange `e`, routing key `r`, message id `m`, type `t`, correlation id `c`,
    /// reply-to `rt`, app id `a`, content type `ct` (strings or `null`), body `b` (base64),
    /// timestamp `ts` (seconds since 1970), mandatory `md` and headers `h` (the message's
    /// JSON object, `{}` when empty).
    static func rowsJSON(_ messages: [OutboxMessage]) -> [UInt8] {
        var json: [UInt8] = []
        json.reserveCapacity(messages.count * 512)
        json.append(UInt8(ascii: "["))
        for (index, message) in messages.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            func field(_ name: String, _ value: String?) {
                json += Array("\"\(name)\":".utf8)
                if let value { json += Array(("\"" + JSONEscaping.escape(value) + "\",").utf8) } else { json += Array("null,".utf8) }
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
}
