#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

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
