#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Outbox {
    /// Inserts `messages` in order with one statement (normally in the caller's
    /// transaction) and returns their row ids in the same order; no ids for no messages.
    ///
    /// The rows travel as one binary array parameter per column (``batchParameters(_:)``)
    /// expanded by `unnest(…) WITH ORDINALITY`, so the statement's text — and its prepared
    /// plan — is the same for every batch size, and neither side quotes, escapes or parses
    /// a value (bodies go as raw `bytea`). The batch processor's outbox statement (DESIGN
    /// §10: one per batch, not per message).
    /// - Throws: `store.invalid_identifier` for a bad schema name; the statement's
    ///   `StoreError` (e.g. `store.query_failed` for invalid `headersJSON`).
    public func enqueue(batch messages: [OutboxMessage], on conn: PGConnection) throws(StoreError) -> [Int64] {
        let table = try table.get()
        guard !messages.isEmpty else { return [] }
        return try conn.query(Outbox.insertBatch(table), Outbox.batchParameters(messages)) { row in try row.int("id") }
    }

    /// The one-statement `INSERT` of column arrays (``batchParameters(_:)``) into `table`,
    /// returning the rows' ids in array order (``enqueue(batch:on:)``).
    static func insertBatch(_ table: String) -> String {
        """
        INSERT INTO \(table) (exchange, routing_key, message_id, type, correlation_id, reply_to, app_id,
            content_type, message_timestamp, headers, body, mandatory)
        SELECT x.e, x.r, x.m, x.t, x.c, x.rt, x.a, x.ct, to_timestamp(x.ts), x.h::jsonb, x.b, x.md
        FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
            $8::text[], $9::float8[], $10::text[], $11::bytea[], $12::bool[]) WITH ORDINALITY
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
        try conn.requireTransaction(for: "Outbox.claimAndDelete")
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

    /// The parameters of ``insertBatch(_:)``: one array per column, element `i` of each for
    /// `messages[i]` — exchange, routing key, message id, type, correlation id and reply-to
    /// (NULL when absent), app id, content type (`text[]`), timestamp in seconds since 1970
    /// (`float8[]`), headers (the message's JSON object as `text[]`, `{}` when empty, cast to
    /// `jsonb` by the statement), body (`bytea[]`) and mandatory (`bool[]`).
    static func batchParameters(_ messages: [OutboxMessage]) -> [PGValue?] {
        [
            .textArray(messages.map(\.exchange)), .textArray(messages.map(\.routingKey)),
            .textArray(messages.map(\.messageId)), .textArray(messages.map(\.type)),
            .optionalTextArray(messages.map(\.correlationId)), .optionalTextArray(messages.map(\.replyTo)),
            .textArray(messages.map(\.appId)), .textArray(messages.map(\.contentType)),
            .doubleArray(messages.map { $0.timestamp.timeIntervalSince1970 }),
            .textArray(messages.map { $0.headersJSON.isEmpty ? "{}" : String(decoding: $0.headersJSON, as: UTF8.self) }),
            .bytesArray(messages.map(\.body)), .boolArray(messages.map(\.mandatory)),
        ]
    }
}
