#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The SQL both roles of a service's outbox share (``OutboxWriter``, ``OutboxDrain``): the
/// table's quoted name and the statements and parameters of an insert. Not public: no
/// other module names the `outbox` table's columns.
enum OutboxTable {
    /// `<schema>.outbox`, or the `store.invalid_identifier` of a bad schema name.
    static func name(_ schema: String) -> Result<String, StoreError> {
        Result { () throws(StoreError) in try SQLIdentifier(schema).quoted + ".outbox" }
    }

    /// The columns of a row as ``OutboxRow/init(row:)`` decodes them.
    static let columns = """
        id, exchange, routing_key, message_id, type, correlation_id, reply_to, app_id, \
        content_type, message_timestamp, headers, body, mandatory, created_at
        """

    /// The `INSERT` of one row into `table`, returning its id (``OutboxWriter/enqueue(_:on:)``).
    static func insertOne(_ table: String) -> String {
        """
        INSERT INTO \(table) (exchange, routing_key, message_id, type, correlation_id, reply_to,
            app_id, content_type, message_timestamp, headers, body, mandatory)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id
        """
    }

    /// The parameters of ``insertOne(_:)`` for `message`.
    static func parameters(_ message: OutboxMessage) -> [PGValue?] {
        [
            .text(message.exchange), .text(message.routingKey), .text(message.messageId),
            .text(message.type), message.correlationId.map(PGValue.text), message.replyTo.map(PGValue.text),
            .text(message.appId), .text(message.contentType), .timestamp(message.timestamp),
            .json(message.headersJSON), .bytes(message.body), .bool(message.mandatory),
        ]
    }

    /// The one-statement `INSERT` of column arrays (``batchParameters(_:)``) into `table`,
    /// returning the rows' ids in array order (``OutboxWriter/enqueue(batch:on:)``).
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

    /// The id an `INSERT … RETURNING id` of one row returned.
    static func returnedId(_ result: PGResult) -> Result<Int64, StoreError> {
        guard result.rowCount == 1 else {
            return .failure(StoreError(code: StoreError.Code.decode, message: "column \"id\": INSERT … RETURNING returned no row"))
        }
        return Result { () throws(StoreError) in try PGRow(result: result, index: 0).int("id") }
    }
}
