/// The batch's inbox statement, carrying the deletion of the outbox rows the worker
/// published after its previous commit (``OutboxDrain/deletePublishedCTE(named:parameter:relaxed:)``,
/// Shared/Store/README.md "Published rows are deleted by the next statement"): the deletion
/// costs no round trip and no transaction of its own. With no ids it is exactly
/// ``record(messageIds:queue:on:)`` (prepared); with ids it is planned per execution (the
/// outbox lookup must follow the table's current size). The one-at-a-time processor deletes
/// them the same way with its next message's inbox lookup, before that message's handler runs
/// (``entry(messageId:deletingPublished:from:on:)``), so a slow handler (a Stripe call, an
/// e-mail) does not keep them past the relay's grace period.
extension Inbox {
    /// ``entry(messageId:on:)`` that also deletes, in the same statement, the rows
    /// `published` of `outbox` (skipping rows another transaction holds). Sent outside a
    /// transaction, the deletion commits with the lookup, asynchronously
    /// (`synchronous_commit = off`: losing it in a database crash only republishes the rows,
    /// which consumers' inboxes absorb). The one-at-a-time processor's first statement of a
    /// message: `nil` when the message is new, else its fingerprint and stored reply. With no
    /// ids it is exactly the prepared lookup; with ids it is planned per execution.
    /// - Throws: `store.invalid_identifier` for a bad schema name; the statement's `StoreError`.
    public func entry(
        messageId: String, deletingPublished published: [Int64], from outbox: OutboxDrain, on conn: PGConnection
    ) throws(StoreError) -> InboxEntry? {
        guard !published.isEmpty else { return try entry(messageId: messageId, on: conn) }
        let table = try SQLIdentifier(schema).quoted + ".inbox"
        return try conn.query(
            """
            WITH \(try outbox.deletePublishedCTE(parameter: 2, relaxed: true))
            SELECT body_sha256, reply_to, reply_message_id, reply_type, reply_headers, reply_body
            FROM \(table) WHERE message_id = $1
            """, [.text(messageId), .intArray(published)], planning: .perExecution
        ) { row in try Inbox.entry(row) }.first
    }

    /// ``record(messageIds:queue:on:)`` that also deletes, in the same statement and the
    /// caller's transaction, the rows `published` of `outbox` (skipping rows another
    /// transaction holds). The batch processor's first statement of a batch.
    /// - Throws: `store.invalid_identifier` for a bad schema name; the statement's `StoreError`.
    public func record(
        messageIds: [String], queue: String, deletingPublished published: [Int64],
        from outbox: OutboxDrain, on conn: PGConnection
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
