/// A message for ``Outbox/enqueue(_:ifReturnedBy:parameters:on:)`` and the key that decides
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

extension Outbox {
    /// Runs the caller's data-modifying `statement` and, in the same SQL statement (one
    /// round trip, one implicit transaction unless the caller opened one), inserts the
    /// outbox rows of those `messages` whose key it returned, in the order of `messages`;
    /// returns the keys it returned. The webhook ingress stores events and their
    /// re-publishing rows this way: an event already stored returns no key, so it adds no
    /// outbox row.
    ///
    /// The statement runs as `WITH message (…) AS (VALUES …), guarded AS (statement),
    /// relayed AS (INSERT INTO outbox … FROM message JOIN guarded …) SELECT key FROM guarded`:
    /// - `statement` must return a `text` column named `key` (e.g.
    ///   `INSERT … ON CONFLICT DO NOTHING RETURNING event_id AS key`);
    /// - it may read the common table expression `message`, one row per message with
    ///   columns `key` (text), `ord` (its 0-based position, int) and `body` (bytea), so the
    ///   caller can store the body beside its own columns without sending it twice;
    /// - its placeholders are `$1…$n` of `parameters`; the Store numbers its own after them.
    /// Prepared like any insert (one text per batch size). Keys must be distinct (the
    /// caller keeps the first of a repeated key).
    /// - Throws: `store.invalid_identifier` for a bad schema name; the statement's
    ///   `StoreError` (connection failures are `store.connection_failed`).
    public func enqueue(_ messages: [KeyedOutboxMessage], ifReturnedBy statement: String, parameters: [PGValue?],
                        on conn: PGConnection) throws(StoreError) -> Set<String> {
        let table = try table.get()
        guard !messages.isEmpty else { return [] }
        var params = parameters
        params.reserveCapacity(parameters.count + messages.count * Outbox.keyedColumns)
        var rows: [String] = []
        rows.reserveCapacity(messages.count)
        for (ord, keyed) in messages.enumerated() {
            let n = params.count
            rows.append("($\(n + 1)::text, \(ord), $\(n + 2)::text, $\(n + 3)::text, $\(n + 4)::text, $\(n + 5)::text, "
                        + "$\(n + 6)::text, $\(n + 7)::text, $\(n + 8)::text, $\(n + 9)::text, $\(n + 10)::timestamptz, "
                        + "$\(n + 11)::jsonb, $\(n + 12)::bytea, $\(n + 13)::boolean)")
            let message = keyed.message
            params += [.text(keyed.key), .text(message.exchange), .text(message.routingKey), .text(message.messageId),
                       .text(message.type), message.correlationId.map(PGValue.text), message.replyTo.map(PGValue.text),
                       .text(message.appId), .text(message.contentType), .timestamp(message.timestamp),
                       .json(message.headersJSON.isEmpty ? Array("{}".utf8) : message.headersJSON),
                       .bytes(message.body), .bool(message.mandatory)]
        }
        return Set(try conn.query("""
            WITH message (key, ord, exchange, routing_key, message_id, type, correlation_id, reply_to, app_id,
                          content_type, message_timestamp, headers, body, mandatory) AS (
                VALUES \(rows.joined(separator: ", "))),
            guarded AS (\(statement)),
            relayed AS (
                INSERT INTO \(table) (exchange, routing_key, message_id, type, correlation_id, reply_to, app_id,
                    content_type, message_timestamp, headers, body, mandatory)
                SELECT m.exchange, m.routing_key, m.message_id, m.type, m.correlation_id, m.reply_to, m.app_id,
                    m.content_type, m.message_timestamp, m.headers, m.body, m.mandatory
                FROM message m JOIN guarded g ON g.key = m.key ORDER BY m.ord)
            SELECT key FROM guarded
            """, params) { row in try row.string("key") })
    }

    /// Parameters per message of ``enqueue(_:ifReturnedBy:parameters:on:)``.
    static let keyedColumns = 13
}
