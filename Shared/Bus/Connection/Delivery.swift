public import Messages

/// One message delivered to a consumer (basic.deliver), copied out of rabbitmq-c's buffers.
///
/// Settle it on the connection that received it with ``AMQPConnection/ack(_:multiple:)``
/// or ``AMQPConnection/reject(_:requeue:)``; delivery tags belong to that channel.
/// Thread-safe (a value type), but the tag is only meaningful on the owning connection.
public struct Delivery: Sendable, Equatable {
    /// Channel-scoped delivery tag, increasing from 1.
    public var deliveryTag: UInt64
    /// Exchange the message was published to (`""` for the default exchange).
    public var exchange: String
    /// Routing key it was published with.
    public var routingKey: String
    /// `true` if the broker delivered it before and it was not acked (e.g. a consumer died).
    public var redelivered: Bool
    /// Queue it was consumed from.
    public var queue: String
    /// Consumer tag it was delivered to.
    public var consumerTag: String
    /// The message: properties, headers and body.
    public var envelope: Envelope

    /// Creates a delivery (the runtime's in-memory tests build them by hand).
    public init(
        deliveryTag: UInt64, exchange: String, routingKey: String, redelivered: Bool,
        queue: String, consumerTag: String = "", envelope: Envelope
    ) {
        self.deliveryTag = deliveryTag
        self.exchange = exchange
        self.routingKey = routingKey
        self.redelivered = redelivered
        self.queue = queue
        self.consumerTag = consumerTag
        self.envelope = envelope
    }
}
