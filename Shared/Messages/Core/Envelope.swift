#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One AMQP message as ConnectBus sends it: the basic properties, the headers and the body.
///
/// `delivery_mode` is always 2 (persistent) and is not modelled. ``timestamp`` is whole
/// seconds (AMQP's resolution), so an envelope survives a trip through the broker unchanged.
public struct Envelope: Sendable, Equatable {
    /// `message_id`: a UUID, lowercase; the inbox dedupes on it.
    public var messageId: String
    /// `correlation_id`: ties a reply to its command, and a conversation together.
    public var correlationId: String?
    /// `type`: the message name (``BusMessage/messageName``, or `<command>.reply`).
    public var type: String
    /// `timestamp`: when the message was made, whole seconds.
    public var timestamp: Date
    /// `app_id`: the sending service or tool, e.g. `payments`.
    public var appId: String
    /// `reply_to`: the queue that waits for the reply of a command.
    public var replyTo: String?
    /// `content_type`: always `application/json` for ConnectBus messages.
    public var contentType: String
    /// The application headers (`x-schema-version`, `x-stripe-account`, …).
    public var headers: MessageHeaders
    /// The JSON body (UTF-8).
    public var body: [UInt8]

    /// The content type of every ConnectBus body.
    public static let jsonContentType = "application/json"

    /// Creates an envelope from its parts; `timestamp` is truncated to whole seconds.
    public init(
        messageId: String = Envelope.newMessageId(), correlationId: String? = nil, type: String,
        timestamp: Date = Date(), appId: String, replyTo: String? = nil,
        contentType: String = Envelope.jsonContentType, headers: MessageHeaders = MessageHeaders(),
        body: [UInt8]
    ) {
        self.messageId = messageId
        self.correlationId = correlationId
        self.type = type
        self.timestamp = Date(timeIntervalSince1970: timestamp.timeIntervalSince1970.rounded(.down))
        self.appId = appId
        self.replyTo = replyTo
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    /// A fresh lowercase random UUID for `message_id` (``MessageId``).
    public static func newMessageId() -> String { MessageId.random() }

    /// Wraps a message: new `message_id`, `type` = its name, `x-schema-version` = its version,
    /// body encoded by ``MessageCoder``, timestamp now.
    /// - Throws: `EncodingError` if the message cannot be encoded.
    public static func make<M: BusMessage>(
        _ m: M, appId: String, correlationId: String? = nil,
        causationId: String? = nil, stripeAccount: String? = nil,
        replyTo: String? = nil
    ) throws -> Envelope {
        let headers = MessageHeaders(
            schemaVersion: M.schemaVersion, causationId: causationId,
            stripeAccount: stripeAccount)
        return Envelope(
            correlationId: correlationId, type: M.messageName, appId: appId, replyTo: replyTo,
            headers: headers, body: try MessageCoder.encode(m))
    }

    /// Decodes the body as `M`, after checking that ``type`` is `M`'s name: strictly for a
    /// command (an unknown field is an error), tolerantly for an event
    /// (``MessageCoder/decodeMessage(_:from:)``).
    /// - Throws: ``MessageDecodingError``: `wrong_message_type` (field `type`) when the
    ///   envelope carries another message, otherwise as ``MessageCoder/decodeMessage(_:from:)``.
    public func decode<M: BusMessage>(_: M.Type) throws(MessageDecodingError) -> M {
        guard type == M.messageName else {
            throw MessageDecodingError(
                field: "type", kind: .wrongMessageType,
                reason: "wrong message type: expected \(M.messageName), got \(type)")
        }
        return try MessageCoder.decodeMessage(M.self, from: body)
    }
}
