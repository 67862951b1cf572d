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

extension OutboxWriter {
    /// Writes `message` in the caller's open transaction without a round trip of its own
    /// (``PGConnection/deferWrite(_:_:planning:completion:)``: it travels with the
    /// transaction's next statement or its `COMMIT`); `completion` gets the row's id, or the
    /// `StoreError` of the insert (or of its being dropped unsent). Same statement as
    /// ``enqueue(_:on:)``.
    /// - Throws: `store.transaction_state` outside a transaction; `store.invalid_identifier`
    ///   for a bad schema name; `store.query_failed` (SQLSTATE 22021) for a NUL byte in a
    ///   text parameter.
    public func enqueueDeferred(
        _ message: OutboxMessage, on conn: PGConnection,
        completion: @escaping (Result<Int64, StoreError>) -> Void
    ) throws(StoreError) {
        let table = try table.get()
        try conn.deferWrite(OutboxTable.insertOne(table), OutboxTable.parameters(message)) { outcome in
            completion(outcome.flatMap(OutboxTable.returnedId))
        }
    }

    /// Writes `messages` in order with one statement in the caller's open transaction, sent
    /// with its next statement or its `COMMIT` (as ``enqueue(batch:on:)``, deferred);
    /// `completion` gets their ids in the same order. Nothing is queued, and `completion` gets
    /// no ids at once, for no messages.
    /// - Throws: as ``enqueueDeferred(_:on:completion:)``.
    public func enqueueDeferred(
        batch messages: [OutboxMessage], on conn: PGConnection,
        completion: @escaping (Result<[Int64], StoreError>) -> Void
    ) throws(StoreError) {
        let table = try table.get()
        guard !messages.isEmpty else { return completion(.success([])) }
        try conn.deferWrite(OutboxTable.insertBatch(table), OutboxTable.batchParameters(messages)) { outcome in
            completion(
                outcome.flatMap { result in
                    Result { () throws(StoreError) in
                        try (0..<result.rowCount).map { index throws(StoreError) in
                            try PGRow(result: result, index: index).int("id")
                        }
                    }
                })
        }
    }
}

/// A message for ``OutboxWriter/enqueue(_:ifReturnedBy:parameters:on:)`` and the key that decides
/// whether its row is written (e.g. a Stripe event id). Thread-safety: a plain `Sendable` value.
public struct KeyedOutboxMessage: Sendable, Equatable {
    /// The key the caller's statement returns when this message's row is to be written.
    public var key: String
    /// The message.
    public var message: OutboxMessage

    /// A message with its key.
    public init(key: String, message: OutboxMessage) {
        self.key = key
        self.message = message
    }
}

extension OutboxWriter {
    /// Runs the caller's data-modifying `statement` and, in the same SQL statement (one
    /// round trip, one implicit transaction unless the caller opened one), inserts the
    /// outbox rows of those `messages` whose key it returned, in the order of `messages`;
    /// returns the keys it returned. The webhook ingress stores events and their
    /// re-publishing rows this way: an event already stored returns no key, so it adds no
    /// outbox row.
    ///
    /// The rows are written for the relay (`for_relay`): their writer never publishes them,
    /// so the relay takes them as soon as it is woken (``OutboxDrain/takeForRelay(limit:after:on:)``,
    /// `OutboxRelay.nudge()` after the commit), without waiting for its grace period, which
    /// protects only rows a worker publishes itself (docs/DESIGN.md §5 "One publisher per row").
    ///
    /// The statement runs as `WITH message (…) AS (VALUES …), guarded AS (statement),
    /// relayed AS (INSERT INTO outbox … FROM message JOIN guarded …) SELECT key FROM guarded`
    /// (the rows with `for_relay = true`):
    /// - `statement` must return a `text` column named `key` (e.g.
    ///   `INSERT … ON CONFLICT DO NOTHING RETURNING event_id AS key`);
    /// - it may read the common table expression `message`, one row per message with
    ///   columns `key` (text), `ord` (its 0-based position, int) and `body` (bytea), so the
    ///   caller can store the body beside its own columns without sending it twice;
    /// - its placeholders are `$1…$n` of `parameters`; the Store numbers its own after them.
    /// A column whose value every message shares (exchange, app id, a batch's timestamp, …)
    /// is sent as one parameter. Prepared like any insert (one text per batch size and
    /// shape). Keys must be distinct (the caller keeps the first of a repeated key).
    /// - Throws: `store.invalid_identifier` for a bad schema name; the statement's
    ///   `StoreError` (connection failures are `store.connection_failed`).
    public func enqueue(
        _ messages: [KeyedOutboxMessage], ifReturnedBy statement: String, parameters: [PGValue?],
        on conn: PGConnection
    ) throws(StoreError) -> Set<String> {
        let table = try table.get()
        guard let first = messages.first?.message else { return [] }
        var params = parameters
        params.reserveCapacity(parameters.count + 8 + messages.count * 6)
        // A column whose value is the same in every message (the exchange, the app id, the
        // timestamp of a batch, …) is sent once and named by every row.
        func shared(_ same: (OutboxMessage) -> Bool, _ value: PGValue?, _ type: String) -> String? {
            guard messages.allSatisfy({ same($0.message) }) else { return nil }
            params.append(value)
            return "$\(params.count)::\(type)"
        }
        let exchange = shared({ $0.exchange == first.exchange }, .text(first.exchange), "text")
        let type = shared({ $0.type == first.type }, .text(first.type), "text")
        let correlationId = shared({ $0.correlationId == first.correlationId }, first.correlationId.map(PGValue.text), "text")
        let replyTo = shared({ $0.replyTo == first.replyTo }, first.replyTo.map(PGValue.text), "text")
        let appId = shared({ $0.appId == first.appId }, .text(first.appId), "text")
        let contentType = shared({ $0.contentType == first.contentType }, .text(first.contentType), "text")
        let timestamp = shared({ $0.timestamp == first.timestamp }, .timestamp(first.timestamp), "timestamptz")
        let mandatory = shared({ $0.mandatory == first.mandatory }, .bool(first.mandatory), "boolean")
        // The rows of `message`, written into one string (hot path: a batch of the webhook
        // ingress has up to 64 rows of 14 cells).
        var values = ""
        values.reserveCapacity(messages.count * 160)
        func placeholder(_ value: PGValue?, _ type: String) {
            params.append(value)
            values += "$"
            values += String(params.count)
            values += "::"
            values += type
        }
        func cell(_ shared: String?, _ value: @autoclosure () -> PGValue?, _ type: String) {
            values += ", "
            if let shared { values += shared } else { placeholder(value(), type) }
        }
        for (ord, keyed) in messages.enumerated() {
            let message = keyed.message
            values += ord == 0 ? "(" : ", ("
            placeholder(.text(keyed.key), "text")
            values += ", "
            values += String(ord)
            cell(exchange, .text(message.exchange), "text")
            cell(nil, .text(message.routingKey), "text")
            cell(nil, .text(message.messageId), "text")
            cell(type, .text(message.type), "text")
            cell(correlationId, message.correlationId.map(PGValue.text), "text")
            cell(replyTo, message.replyTo.map(PGValue.text), "text")
            cell(appId, .text(message.appId), "text")
            cell(contentType, .text(message.contentType), "text")
            cell(timestamp, .timestamp(message.timestamp), "timestamptz")
            cell(nil, .json(message.headersJSON.isEmpty ? Array("{}".utf8) : message.headersJSON), "jsonb")
            cell(nil, .bytes(message.body), "bytea")
            cell(mandatory, .bool(message.mandatory), "boolean")
            values += ")"
        }
        return Set(
            try conn.query(
                """
                WITH message (key, ord, exchange, routing_key, message_id, type, correlation_id, reply_to, app_id,
                              content_type, message_timestamp, headers, body, mandatory) AS (
                    VALUES \(values)),
                guarded AS (\(statement)),
                relayed AS (
                    INSERT INTO \(table) (exchange, routing_key, message_id, type, correlation_id, reply_to, app_id,
                        content_type, message_timestamp, headers, body, mandatory, for_relay)
                    SELECT m.exchange, m.routing_key, m.message_id, m.type, m.correlation_id, m.reply_to, m.app_id,
                        m.content_type, m.message_timestamp, m.headers, m.body, m.mandatory, true
                    FROM message m JOIN guarded g ON g.key = m.key ORDER BY m.ord)
                SELECT key FROM guarded
                """, params
            ) { row in try row.string("key") })
    }

}
