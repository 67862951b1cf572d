/// The inbox of a service schema: the `message_id`s already handled, for deduplication.
///
/// A consumer calls `record` inside the transaction that applies the message's effects;
/// if the message was seen before, `record` returns `false` and the consumer acks without
/// doing the work again. Because the row commits or rolls back with the work, a crash
/// between commit and ack yields a redelivery that is recognised.
///
/// The one owner of the `inbox` table's SQL: the one-at-a-time processor (``entry(messageId:on:)``,
/// ``recordDeferred(messageId:queue:on:completion:)``), both processors' kept replies
/// (``keepDeferred(_:on:)``, Inbox+Replies.swift), the batch processor (``record(messageIds:queue:on:)``,
/// ``forget(messageIds:on:)``) and retention (``prune(olderThan:limit:on:)``) call it; no
/// other module writes `inbox` SQL (Shared/Store/README.md lists each statement's shape and
/// planning). Thread-safety: a `Sendable` value; calls use the given connection on the
/// caller's thread.
public struct Inbox: Sendable {
    /// The schema holding the `inbox` table (see `Migrator.runtimeMigrations`).
    public let schema: String
    let table: Result<String, StoreError>

    /// An inbox in `schema`; the name is validated on first use.
    public init(schema: String) {
        self.schema = schema
        self.table = Result { () throws(StoreError) in try SQLIdentifier(schema).quoted + ".inbox" }
    }

    /// Records `messageId` (consumed from `queue`) with
    /// `INSERT … ON CONFLICT (message_id) DO NOTHING` in the caller's transaction.
    /// - Returns: `true` the first time, `false` when the message was recorded before
    ///   (by a committed transaction, or earlier in this one).
    /// - Throws: `store.transaction_state` outside a transaction (`store.connection_failed`
    ///   when the connection, and its transaction, was lost); `store.invalid_identifier`
    ///   for a bad schema name; the statement's `StoreError` otherwise.
    public func record(messageId: String, queue: String, on conn: PGConnection) throws(StoreError) -> Bool {
        let table = try table.get()
        try conn.requireTransaction(for: "Inbox.record")
        let result = try conn.execute(
            "INSERT INTO \(table) (message_id, queue) VALUES ($1, $2) ON CONFLICT (message_id) DO NOTHING",
            [.text(messageId), .text(queue)])
        return result.affectedRows == 1
    }

    /// Records every id of `messageIds` (consumed from `queue`) with one statement in the
    /// caller's transaction — `INSERT … SELECT DISTINCT unnest($1::text[]) … ON CONFLICT
    /// (message_id) DO NOTHING RETURNING message_id`, prepared (an insert's plan does not
    /// depend on the table's size) — and returns the ids that were new; an id already
    /// present (or twice in `messageIds`) was handled before, or is handled once.
    /// The batch processor's inbox statement (DESIGN §10: one per batch, not per message).
    /// - Throws: `store.invalid_identifier` for a bad schema name; the statement's `StoreError`.
    public func record(messageIds: [String], queue: String, on conn: PGConnection) throws(StoreError) -> Set<String> {
        let table = try table.get()
        let rows = try conn.query(
            """
            INSERT INTO \(table) (message_id, queue) SELECT DISTINCT unnest($1::text[]), $2
            ON CONFLICT (message_id) DO NOTHING RETURNING message_id
            """, [.textArray(messageIds), .text(queue)]
        ) { row in try row.string("message_id") }
        return Set(rows)
    }

    /// Deletes the rows of `messageIds` (`message_id = ANY($1)`, planned per execution), in
    /// the caller's transaction: the batch processor forgets the messages that failed inside
    /// the batch, so their retry is not mistaken for a duplicate. Does nothing for no ids.
    /// - Throws: `store.invalid_identifier` for a bad schema name; the statement's `StoreError`.
    public func forget(messageIds: [String], on conn: PGConnection) throws(StoreError) {
        let table = try table.get()
        guard !messageIds.isEmpty else { return }
        try conn.execute(
            "DELETE FROM \(table) WHERE message_id = ANY($1)", [.textArray(messageIds)],
            planning: .perExecution)
    }

    /// Whether `messageId` is recorded (committed, or earlier in the caller's transaction):
    /// one prepared primary-key lookup (the one-at-a-time processor asks
    /// ``entry(messageId:on:)``, the same lookup with the stored reply).
    /// - Throws: `store.invalid_identifier` for a bad schema name; the statement's `StoreError`.
    public func contains(messageId: String, on conn: PGConnection) throws(StoreError) -> Bool {
        let table = try table.get()
        return try conn.execute("SELECT 1 FROM \(table) WHERE message_id = $1", [.text(messageId)]).rowCount > 0
    }

    /// Deletes up to `limit` rows received more than `olderThan` ago (redeliveries older
    /// than the broker can produce no longer need deduplication), the oldest first, and
    /// returns how many; bounded by `limit` whatever the table's size
    /// (`PGConnection.deleteRows(of:key:by:olderThan:where:limit:)`, by the `received_at` index).
    /// - Throws: `StoreError` from the statement or for a bad schema name.
    @discardableResult
    public func prune(olderThan: Duration, limit: Int, on conn: PGConnection) throws(StoreError) -> Int {
        try conn.deleteRows(of: try table.get(), key: "message_id", by: "received_at", olderThan: olderThan, limit: limit)
    }
}

extension Duration {
    /// This duration in (fractional) seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
