/// The batch's inbox statement, carrying the deletion of the outbox rows the worker
/// published after its previous commit (``Outbox/deletePublishedCTE(named:parameter:relaxed:)``,
/// Shared/Store/README.md "Published rows are deleted by the next statement"): the deletion
/// costs no round trip and no transaction of its own. With no ids it is exactly
/// ``record(messageIds:queue:on:)`` (prepared); with ids it is planned per execution (the
/// outbox lookup must follow the table's current size). The one-at-a-time processor defers
/// the same deletion into its next message's transaction (``Outbox/deletePublishedDeferred(_:on:)``).
extension Inbox {
    /// ``record(messageIds:queue:on:)`` that also deletes, in the same statement and the
    /// caller's transaction, the rows `published` of `outbox` (skipping rows another
    /// transaction holds). The batch processor's first statement of a batch.
    /// - Throws: `store.invalid_identifier` for a bad schema name; the statement's `StoreError`.
    public func record(
        messageIds: [String], queue: String, deletingPublished published: [Int64],
        from outbox: Outbox, on conn: PGConnection
    ) throws(StoreError) -> Set<String> {
        guard !published.isEmpty else { return try record(messageIds: messageIds, queue: queue, on: conn) }
        let table = try SQLIdentifier(schema).quoted + ".inbox"
        let rows = try conn.query(
            """
            WITH \(try outbox.deletePublishedCTE(parameter: 3))
            INSERT INTO \(table) (message_id, queue) SELECT DISTINCT unnest($1::text[]), $2
            ON CONFLICT (message_id) DO NOTHING RETURNING message_id
            """, [.textArray(messageIds), .text(queue), .intArray(published)],
            planning: .perExecution
        ) { row in try row.string("message_id") }
        return Set(rows)
    }
}
