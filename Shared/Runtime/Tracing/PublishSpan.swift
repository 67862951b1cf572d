import Bus
import Messages

/// The producer span of one publish (`<exchange> publish`, `publish` for the default
/// exchange's replies), child of the span whose context the message carries
/// (`traceparent`: the consumer span of the message that caused it, or a webhook's request
/// span). The message keeps that context, so the downstream consumer's span is a sibling of
/// this one: an outbox row's headers are fixed when it is written, and the relay may publish
/// it much later, so both paths link the same way. Attributes: `messaging.system`
/// `rabbitmq`, `messaging.operation.type` `send`, `messaging.operation.name` `publish`,
/// `messaging.destination.name` (the exchange, `amq.default` for ``Exchanges/default``),
/// `messaging.rabbitmq.destination.routing_key`, `messaging.message.id`,
/// `messaging.message.conversation_id`, `connectbus.message.type`, `connectbus.relayed`
/// (published by the outbox relay rather than right after commit).
enum PublishSpan {
    /// Records the publish of `envelope` that started at `startNanos`, if its trace is sampled.
    static func record(
        _ envelope: Envelope, exchange: String, routingKey: String, startNanos: UInt64,
        relayed: Bool
    ) {
        guard Tracer.current != nil, let traceparent = envelope.headers.traceparent,
            let parent = TraceContext(traceparent: traceparent), parent.sampled
        else { return }
        let destination = exchange.isEmpty ? "amq.default" : exchange
        guard var span = OpenSpan.child("\(exchange.isEmpty ? "" : exchange + " ")publish", kind: .producer, of: parent)
        else { return }
        span = span.startingAt(startNanos)
        span.set("messaging.system", .string("rabbitmq"))
        span.set("messaging.operation.type", .string("send"))
        span.set("messaging.operation.name", .string("publish"))
        span.set("messaging.destination.name", .string(destination))
        span.set("messaging.rabbitmq.destination.routing_key", .string(routingKey))
        span.set("messaging.message.id", .string(envelope.messageId))
        if let correlation = envelope.correlationId {
            span.set("messaging.message.conversation_id", .string(correlation))
        }
        span.set("connectbus.message.type", .string(envelope.type))
        span.set("connectbus.relayed", .bool(relayed))
        span.end()
    }
}
