/// Deleting rows that their writer already published with confirms (docs/DESIGN.md §5,
/// Shared/Store/README.md "Published rows are deleted by the next statement").
///
/// A worker publishes its committed rows from memory and deletes them later, inside the next
/// statement it sends anyway (the next batch's inbox insert, the next message's inbox
/// check) or, when no work follows, alone — instead of a second transaction per batch that
/// claimed, deleted and committed them. Every form skips rows another transaction holds
/// (`FOR UPDATE SKIP LOCKED`: the relay publishing the same row deletes it itself) and looks
/// the ids up by primary key, gathered once by an init plan (`= ANY(ARRAY(…))`).
extension OutboxDrain {
    /// A data-modifying common table expression named `name` that deletes the rows whose ids
    /// are in the `int8[]` parameter `$<parameter>`, for the `WITH` list of a statement that
    /// runs anyway. Postgres runs it exactly once, to completion, whether or not the main
    /// statement reads it; plan the statement per execution (`PGPlanning.perExecution`).
    /// `relaxed: true` adds `synchronous_commit = off` for the statement's transaction (for
    /// one that commits only this deletion and lookups: losing it in a crash only
    /// republishes the rows, which consumers' inboxes absorb).
    /// - Throws: `store.invalid_identifier` for a bad schema name.
    public func deletePublishedCTE(
        named name: String = "published", parameter: Int,
        relaxed: Bool = false
    ) throws(StoreError) -> String {
        let table = try SQLIdentifier(schema).quoted + ".outbox"
        let relax = relaxed ? ", (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed" : ""
        return """
            \(name) AS (DELETE FROM \(table) WHERE id = ANY(ARRAY(
                SELECT o.id FROM \(table) AS o\(relax) WHERE o.id = ANY($\(parameter)::int8[])
                FOR UPDATE OF o SKIP LOCKED)))
            """
    }

    /// Deletes the published rows `ids` in one statement and its own transaction, committed
    /// asynchronously (see ``deletePublishedCTE(named:parameter:relaxed:)``); rows another
    /// transaction holds are skipped. Returns the number deleted.
    /// - Throws: `store.transaction_state` inside a transaction (the deletion must not wait
    ///   for the caller's commit); `StoreError` from the statement.
    @discardableResult
    public func deletePublished(_ ids: [Int64], on conn: PGConnection) throws(StoreError) -> Int {
        guard !ids.isEmpty else { return 0 }
        guard !conn.isInTransaction else {
            throw StoreError(
                code: StoreError.Code.transactionState,
                message: "deletePublished runs in its own transaction, not inside one")
        }
        let table = try SQLIdentifier(schema).quoted + ".outbox"
        return try conn.query(
            """
            WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true) AS setting)
            DELETE FROM \(table) WHERE id = ANY(ARRAY(
                SELECT o.id FROM \(table) AS o, relaxed WHERE o.id = ANY($1::int8[]) FOR UPDATE OF o SKIP LOCKED))
            RETURNING id
            """, [.intArray(ids)], planning: .perExecution
        ) { row in try row.int("id") }.count
    }
}

extension OutboxDrain {
    /// Deletes the published rows `ids` inside the caller's open transaction, deferred: the
    /// `DELETE` travels with its next statement or its `COMMIT` and commits with it (a
    /// rollback keeps the rows, to be deleted by a later statement). Rows another
    /// transaction holds are skipped (`FOR UPDATE SKIP LOCKED`, as in
    /// ``deletePublished(_:on:)``), looked up by primary key, planned per execution. The
    /// one-at-a-time processor's deletion, carried by the next message's transaction.
    /// Nothing is queued for no ids.
    /// - Throws: `store.transaction_state` outside a transaction; `store.invalid_identifier`
    ///   for a bad schema name.
    public func deletePublishedDeferred(_ ids: [Int64], on conn: PGConnection) throws(StoreError) {
        let table = try table.get()
        guard !ids.isEmpty else { return }
        try conn.deferWrite(
            """
            DELETE FROM \(table) WHERE id = ANY(ARRAY(
                SELECT o.id FROM \(table) AS o WHERE o.id = ANY($1::int8[]) FOR UPDATE OF o SKIP LOCKED))
            """, [.intArray(ids)], planning: .perExecution
        ) { _ in }
    }
}
