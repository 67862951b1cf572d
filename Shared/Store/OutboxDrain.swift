#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The publishing side of a service schema's outbox: the rows the writers
/// (``OutboxWriter``) left, taken, published with confirms and deleted.
///
/// Publishing protocol: in a transaction, `claim` (the batch's own rows) or `takeStale`
/// (rows left behind) locks rows with `FOR UPDATE SKIP LOCKED` — so concurrent relays never
/// get the same row —, the caller publishes them with confirms, then `delete`s them and
/// commits. A crash before the delete leaves the rows for the relay (at-least-once).
/// All statements are parameterised; only the validated, quoted schema name is spliced in.
///
/// - publishing: ``claimAndDelete(ids:on:)`` (a batch's own rows, published from memory),
///   ``claim(ids:on:)`` + ``delete(ids:on:)``, ``takeStale(olderThan:limit:after:on:)`` and
///   ``takeForRelay(limit:after:on:)`` (the relay: rows a worker left behind after its grace
///   period, rows written for the relay at once);
/// - deleting what a worker published itself: ``deletePublished(_:on:)``,
///   ``deletePublishedDeferred(_:on:)``, ``deletePublishedCTE(named:parameter:relaxed:)``;
/// - watching: ``lag(countLimit:on:)``.
/// Shared/Store/README.md gives each statement's shape and planning and why.
/// Thread-safety: a `Sendable` value; calls use the given connection on the caller's thread.
public struct OutboxDrain: Sendable {
    /// The schema holding the `outbox` table (see `Migrator.runtimeMigrations`).
    public let schema: String
    let table: Result<String, StoreError>

    /// The outbox in `schema`; the name is validated on first use.
    public init(schema: String) {
        self.schema = schema
        self.table = OutboxTable.name(schema)
    }

    /// Locks and returns those of `ids` that no other transaction holds, in id order.
    /// - Throws: `store.transaction_state` outside a transaction (the locks must last until
    ///   the caller's `delete` commits); `StoreError` from the statement.
    public func claim(ids: [Int64], on conn: PGConnection) throws(StoreError) -> [OutboxRow] {
        let table = try table.get()
        try conn.requireTransaction(for: "OutboxDrain.claim")
        guard !ids.isEmpty else { return [] }
        return try conn.query(
            """
            SELECT \(OutboxTable.columns) FROM \(table) WHERE id = ANY($1) ORDER BY id FOR UPDATE SKIP LOCKED
            """, [.intArray(ids)], planning: .perExecution
        ) { row in try OutboxRow(row: row) }
    }

    /// Deletes, uncommitted, up to `limit` rows created more than `olderThan` before the
    /// transaction started — the oldest, skipping rows another transaction holds — and
    /// returns them oldest first (`created_at`, then `id`), in one statement. The caller
    /// publishes them and commits; rolling back puts them back. Same as
    /// ``takeStale(olderThan:limit:after:on:)`` with no cursor (a scan from the oldest row).
    /// - Throws: `store.transaction_state` outside a transaction; `StoreError` from the statement.
    public func takeStale(olderThan: Duration, limit: Int, on conn: PGConnection) throws(StoreError) -> [OutboxRow] {
        try takeStale(olderThan: olderThan, limit: limit, after: nil, on: conn).rows
    }

    /// Deletes, uncommitted, up to `limit` rows created more than `olderThan` before the
    /// transaction started whose key `(created_at, id)` comes after `cursor` (all rows when
    /// `nil`) — the oldest first, skipping rows another transaction holds — and returns
    /// them oldest first with the cursor after the last one, in one statement. The caller
    /// publishes them and commits; rolling back puts them back.
    ///
    /// The cost is bounded by `limit`, not by the table (docs/DESIGN.md §5, Shared/Store/README.md):
    /// - the rows are found by one range scan of the `(created_at, id)` index, starting
    ///   after `cursor` and stopping after `limit` rows, so the index entries of rows
    ///   already taken — dead until vacuum removes them, which an old snapshot held by any
    ///   connection delays — are not walked again on every batch;
    /// - the ids are gathered into an array by an uncorrelated sub-select, which Postgres
    ///   runs once, before the `DELETE` (an init plan), and the `DELETE` looks them up by
    ///   primary key (`id = ANY(…)`). With `id IN (SELECT … LIMIT …)` the planner may turn
    ///   the sub-select into the inner side of a nested-loop semi-join and run it again for
    ///   every row of the table — minutes under a backlog when its statistics are stale.
    ///
    /// The transaction's commit is made asynchronous (`synchronous_commit = off`, local to
    /// it): losing the deletion in a database crash only publishes the rows again, which
    /// consumers' inboxes absorb, so waiting for its WAL flush buys nothing.
    /// - Throws: `store.transaction_state` outside a transaction; `StoreError` from the statement.
    public func takeStale(
        olderThan: Duration, limit: Int, after cursor: OutboxCursor?,
        on conn: PGConnection
    ) throws(StoreError) -> OutboxTake {
        try take(
            { "o.created_at < now() - make_interval(secs => $\($0))" }, [.double(olderThan.seconds)], limit: limit,
            after: cursor, operation: "OutboxDrain.takeStale", on: conn)
    }

    /// Deletes, uncommitted, up to `limit` rows written for the relay (`for_relay`: by
    /// ``OutboxWriter/enqueue(_:ifReturnedBy:parameters:on:)``, whose writer never publishes them) whose
    /// key `(created_at, id)` comes after `cursor` (all when `nil`), whatever their age — the
    /// oldest first, skipping rows another transaction holds — and returns them oldest first
    /// with the cursor after the last one. The same statement, bounds and asynchronous
    /// commit as ``takeStale(olderThan:limit:after:on:)``, on the partial index of those
    /// rows (`outbox_for_relay_idx`), so rows a worker wrote and publishes itself are never
    /// taken here, however young (docs/DESIGN.md §5 "One publisher per row").
    /// - Throws: `store.transaction_state` outside a transaction; `StoreError` from the statement.
    public func takeForRelay(
        limit: Int, after cursor: OutboxCursor?, on conn: PGConnection
    ) throws(StoreError) -> OutboxTake {
        try take({ _ in "o.for_relay" }, [], limit: limit, after: cursor, operation: "OutboxDrain.takeForRelay", on: conn)
    }

    /// The relay's take: `condition(n)` selects the rows, its `conditionParameters` numbered
    /// from `$n` (after the limit and the cursor's).
    private func take(
        _ condition: (Int) -> String, _ conditionParameters: [PGValue], limit: Int, after cursor: OutboxCursor?,
        operation: String, on conn: PGConnection
    ) throws(StoreError) -> OutboxTake {
        let table = try table.get()
        try conn.requireTransaction(for: operation)
        var parameters: [PGValue] = [.int(Int64(max(1, limit)))]
        var after = ""
        if let cursor {
            after = "(o.created_at, o.id) > (timestamptz 'epoch' + $2::int8 * interval '1 microsecond', $3::int8) AND "
            parameters += [.int(cursor.createdAtMicroseconds), .int(cursor.id)]
        }
        let selection = condition(parameters.count + 1)
        parameters += conditionParameters
        let rows = try conn.query(
            """
            WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true) AS setting)
            DELETE FROM \(table) WHERE id = ANY(ARRAY(
                SELECT o.id FROM \(table) AS o, relaxed
                WHERE \(after)\(selection)
                ORDER BY o.created_at, o.id LIMIT $1 FOR UPDATE OF o SKIP LOCKED))
            RETURNING \(OutboxTable.columns), (EXTRACT(EPOCH FROM created_at) * 1000000)::int8 AS created_at_us
            """, parameters, planning: .perExecution
        ) { row in
            (try OutboxRow(row: row), OutboxCursor(createdAtMicroseconds: try row.int("created_at_us"), id: try row.int("id")))
        }.sorted { $0.1 < $1.1 }
        return OutboxTake(rows: rows.map(\.0), cursor: rows.last?.1)
    }

    /// Deletes the rows with these ids in one statement (`id = ANY($1)`).
    /// - Throws: `StoreError` from the statement.
    public func delete(ids: [Int64], on conn: PGConnection) throws(StoreError) {
        let table = try table.get()
        guard !ids.isEmpty else { return }
        try conn.execute("DELETE FROM \(table) WHERE id = ANY($1)", [.intArray(ids)], planning: .perExecution)
    }

    /// Rows waiting to be published (counted up to `countLimit`: a backlog larger than that
    /// reads as `countLimit`) and the age in seconds of the oldest (0 when empty), for the
    /// outbox-lag metrics. Two bounded probes, not a scan of the table: the count stops
    /// after `countLimit` rows and the oldest row is the first entry of the
    /// `(created_at, id)` index.
    /// - Throws: `StoreError` from the statement.
    public func lag(
        countLimit: Int = 10_000, on conn: PGConnection
    ) throws(StoreError)
        -> (count: Int, oldestAgeSeconds: Double)
    {
        let table = try table.get()
        let rows = try conn.query(
            """
            SELECT (SELECT count(*) FROM (SELECT 1 FROM \(table) LIMIT $1) AS pending) AS count,
                   COALESCE(EXTRACT(EPOCH FROM clock_timestamp() -
                       (SELECT created_at FROM \(table) ORDER BY created_at, id LIMIT 1)), 0)::float8 AS oldest
            """, [.int(Int64(max(1, countLimit)))], planning: .perExecution
        ) { row in (Int(try row.int("count")), try row.double("oldest")) }
        return rows.first ?? (0, 0)
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
        try conn.requireTransaction(for: "OutboxDrain.claimAndDelete")
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
}

/// An outbox row claimed for publishing. Thread-safety: a plain `Sendable` value.
public struct OutboxRow: Sendable, Equatable {
    /// Row id (`bigserial`), used to delete the row after a confirmed publish.
    public var id: Int64
    /// When the enqueueing transaction started (the row's `created_at`).
    public var createdAt: Date
    /// The message to publish.
    public var message: OutboxMessage

    /// Creates a row value.
    public init(id: Int64, createdAt: Date, message: OutboxMessage) {
        self.id = id
        self.createdAt = createdAt
        self.message = message
    }

    /// Decodes a row selected with the outbox's column list (`OutboxTable.columns`).
    init(row: PGRow) throws(StoreError) {
        self.id = try row.int("id")
        self.createdAt = try row.date("created_at")
        self.message = OutboxMessage(
            exchange: try row.string("exchange"), routingKey: try row.string("routing_key"),
            messageId: try row.string("message_id"), type: try row.string("type"),
            correlationId: try row.optionalString("correlation_id"), replyTo: try row.optionalString("reply_to"),
            appId: try row.string("app_id"), contentType: try row.string("content_type"),
            timestamp: try row.date("message_timestamp"), headersJSON: try row.json("headers"),
            body: try row.bytes("body"), mandatory: try row.bool("mandatory"))
    }
}
