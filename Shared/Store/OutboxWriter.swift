/// The writing side of a service schema's outbox: messages written in the same transaction
/// as the state change (handlers, the processors, the schedulers, the webhook ingress),
/// published after commit by the worker or the relay through ``OutboxDrain``.
///
/// The rows it writes:
/// - ``enqueue(_:on:)`` (one row, in the caller's transaction: the schedulers),
///   ``enqueueDeferred(_:on:completion:)`` (one row sent with the transaction's next
///   statement: a handler's events and reply);
/// - ``enqueue(batch:on:)`` and ``enqueueDeferred(batch:on:completion:)`` (a batch's rows in
///   one statement: the batch processor);
/// - ``enqueue(_:ifReturnedBy:parameters:on:)`` (rows written in the caller's own statement
///   only for the keys it returns, for the relay: the webhook ingress's group commit).
/// Together with ``OutboxDrain`` the one owner of the `outbox` table's SQL — no other
/// module names its columns. All statements are parameterised; only the validated, quoted
/// schema name is spliced in.
/// Shared/Store/README.md gives each statement's shape and planning and why.
/// Thread-safety: a `Sendable` value; calls use the given connection on the caller's thread.
public struct OutboxWriter: Sendable {
    /// The schema holding the `outbox` table (see `Migrator.runtimeMigrations`).
    public let schema: String
    let table: Result<String, StoreError>

    /// The outbox in `schema`; the name is validated on first use.
    public init(schema: String) {
        self.schema = schema
        self.table = OutboxTable.name(schema)
    }

    /// Inserts `message` (normally in the caller's transaction) and returns its row id.
    /// - Throws: `StoreError` (e.g. `store.query_failed` for invalid `headersJSON`).
    @discardableResult
    public func enqueue(_ message: OutboxMessage, on conn: PGConnection) throws(StoreError) -> Int64 {
        let table = try table.get()
        return try OutboxTable.returnedId(conn.execute(OutboxTable.insertOne(table), OutboxTable.parameters(message))).get()
    }

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
        return try conn.query(OutboxTable.insertBatch(table), OutboxTable.batchParameters(messages)) { row in try row.int("id") }
    }
}
