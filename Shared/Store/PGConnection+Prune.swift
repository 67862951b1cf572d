extension PGConnection {
    /// Deletes up to `limit` rows of `table` whose `timeColumn` is more than `olderThan`
    /// ago by the database's clock (and that match `condition`, when given), the oldest
    /// first, and returns how many: one statement of a retention pass (`Inbox.prune`,
    /// the runtime's `message_log`, a service's own tables).
    ///
    /// Bounded by `limit` whatever the table's size or statistics: the keys come from one
    /// range scan of `timeColumn`'s index stopping after `limit` rows, gathered into an
    /// array by a sub-select Postgres runs once (an init plan) before the `DELETE` looks
    /// them up by `key` (`key = ANY(…)`); `IN (SELECT … LIMIT …)` would let the planner
    /// re-run the sub-select for every row of the table (see `OutboxDrain.takeStale`).
    /// - Parameters:
    ///   - table: the quoted, schema-qualified table name (`SQLIdentifier.quoted` + `.name`).
    ///   - key: a unique column of it.
    ///   - timeColumn: a `timestamptz` column with an index (a partial one matching `condition` will do).
    ///   - condition: a fixed SQL predicate written in code (never input), e.g. `status IN ('sent')`.
    /// - Throws: `StoreError` from the statement.
    @discardableResult
    public func deleteRows(
        of table: String, key: String, by timeColumn: String, olderThan: Duration, where condition: String? = nil,
        limit: Int
    ) throws(StoreError) -> Int {
        let filter = condition.map { " AND (\($0))" } ?? ""
        return try execute(
            """
            DELETE FROM \(table) WHERE \(key) = ANY(ARRAY(
                SELECT \(key) FROM \(table)
                WHERE \(timeColumn) < now() - make_interval(secs => $1)\(filter)
                ORDER BY \(timeColumn) LIMIT $2))
            """, [.double(olderThan.seconds), .int(Int64(max(1, limit)))], planning: .perExecution
        ).affectedRows
    }
}
