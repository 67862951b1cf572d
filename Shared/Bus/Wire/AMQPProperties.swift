#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Messages

/// The AMQP basic properties ConnectBus puts on every message, as Swift values
/// (ARCHITECTURE "Wire conventions"; AMQP 0-9-1 §4.2.6 content header, class `basic`).
///
/// The mapping to and from ``Envelope`` is pure (no broker needed); the conversion to and
/// from rabbitmq-c's `amqp_basic_properties_t` is in `AMQPProperties+C.swift`.
/// Thread-safe (a value type).
public struct AMQPProperties: Sendable, Equatable {
    /// `content_type`, e.g. `application/json`.
    public var contentType: String?
    /// `message_id` (a UUID in ConnectBus).
    public var messageId: String?
    /// `correlation_id`: ties a reply (and an outcome) to its command.
    public var correlationId: String?
    /// `type`: the message name, e.g. `payments.create_checkout_session`.
    public var type: String?
    /// `timestamp`: Unix time in whole seconds.
    public var timestamp: UInt64?
    /// `app_id`: the sending service.
    public var appId: String?
    /// `reply_to`: the queue a reply goes to (through the default exchange).
    public var replyTo: String?
    /// `delivery_mode`: 2 = persistent, 1 = transient.
    public var deliveryMode: UInt8?
    /// The `headers` table: integers and strings.
    public var headers: [String: HeaderValue]

    /// Creates properties; everything absent by default.
    public init(
        contentType: String? = nil, messageId: String? = nil, correlationId: String? = nil,
        type: String? = nil, timestamp: UInt64? = nil, appId: String? = nil,
        replyTo: String? = nil, deliveryMode: UInt8? = nil, headers: [String: HeaderValue] = [:]
    ) {
        self.contentType = contentType
        self.messageId = messageId
        self.correlationId = correlationId
        self.type = type
        self.timestamp = timestamp
        self.appId = appId
        self.replyTo = replyTo
        self.deliveryMode = deliveryMode
        self.headers = headers
    }

    /// The properties of `envelope` as published: every field set (an empty `type` is left
    /// out, as a property never sent reads back empty), `delivery_mode=2`
    /// (persistent), `x-schema-version` and `x-attempt` (when above 0) as integers and every
    /// other header as a long string (``MessageHeaders/table``).
    public init(envelope: Envelope) {
        let seconds = envelope.timestamp.timeIntervalSince1970
        self.init(
            contentType: envelope.contentType, messageId: envelope.messageId,
            correlationId: envelope.correlationId, type: envelope.type.isEmpty ? nil : envelope.type,
            timestamp: seconds > 0 ? UInt64(seconds.rounded(.down)) : 0,
            appId: envelope.appId, replyTo: envelope.replyTo, deliveryMode: 2,
            headers: envelope.headers.table)
    }

    /// The envelope these properties describe, with `body`. Lenient, so a consumer can
    /// still dead-letter a foreign message: absent strings read as empty, an absent
    /// content type as `application/json`, an absent timestamp as the Unix epoch, and
    /// integer headers are accepted as integers or decimal strings
    /// (``MessageHeaders/init(table:)``).
    public func envelope(body: [UInt8]) -> Envelope {
        Envelope(
            messageId: messageId ?? "", correlationId: correlationId, type: type ?? "",
            timestamp: Date(timeIntervalSince1970: TimeInterval(timestamp ?? 0)),
            appId: appId ?? "", replyTo: replyTo,
            contentType: contentType ?? Envelope.jsonContentType,
            headers: MessageHeaders(table: headers), body: body)
    }
}
