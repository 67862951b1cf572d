#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A message to publish after the transaction that wrote it commits: everything needed
/// to rebuild the AMQP message (routing, properties, headers, body).
///
/// The Store does not interpret `headersJSON`: it is the AMQP headers table encoded by the
/// runtime as one JSON object (`x-schema-version`, `x-causation-id`, `x-stripe-account`,
/// `traceparent`, `x-attempt`, …) and stored as `jsonb` (so key order and whitespace are
/// not preserved). Thread-safety: a plain `Sendable` value.
public struct OutboxMessage: Sendable, Equatable {
    /// Exchange to publish to (`connectbus.events`, `connectbus.commands`, or `""` for a
    /// reply through the default exchange).
    public var exchange: String
    /// Routing key (event/command name, or the reply queue).
    public var routingKey: String
    /// AMQP `message_id` (UUID text).
    public var messageId: String
    /// AMQP `type` (the message name).
    public var type: String
    /// AMQP `correlation_id`, if any.
    public var correlationId: String?
    /// AMQP `reply_to`, if any.
    public var replyTo: String?
    /// AMQP `app_id` (the sending service).
    public var appId: String
    /// AMQP `content_type`, normally `application/json`.
    public var contentType: String
    /// AMQP `timestamp` (stored with microsecond precision; AMQP carries whole seconds).
    public var timestamp: Date
    /// The AMQP headers table as a UTF-8 JSON object; must be valid JSON.
    public var headersJSON: [UInt8]
    /// The message body.
    public var body: [UInt8]
    /// Publish with `mandatory` (unroutable = error), as commands are.
    public var mandatory: Bool

    /// Creates a message to enqueue.
    public init(
        exchange: String, routingKey: String, messageId: String, type: String,
        correlationId: String? = nil, replyTo: String? = nil, appId: String,
        contentType: String = "application/json", timestamp: Date,
        headersJSON: [UInt8] = Array("{}".utf8), body: [UInt8], mandatory: Bool
    ) {
        self.exchange = exchange
        self.routingKey = routingKey
        self.messageId = messageId
        self.type = type
        self.correlationId = correlationId
        self.replyTo = replyTo
        self.appId = appId
        self.contentType = contentType
        self.timestamp = timestamp
        self.headersJSON = headersJSON
        self.body = body
        self.mandatory = mandatory
    }
}
