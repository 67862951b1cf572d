public import Bus
import Messages

/// The consumer span of one delivery (`<queue> process`), child of the message's incoming
/// `traceparent`; its context is what the handler's publishes and Stripe calls carry.
/// Attributes: `messaging.system` `rabbitmq`, `messaging.operation.type` `process`,
/// `messaging.destination.name` (the queue), `messaging.message.id`,
/// `messaging.message.conversation_id` (correlation id), `messaging.rabbitmq.destination.routing_key`,
/// `messaging.consumer.group.name` (the service), `connectbus.message.type`, `connectbus.attempt`.
public struct MessageSpan {
    let tracer: Tracer
    /// The span's context (what the handler's publishes and Stripe calls carry).
    public let context: TraceContext
    let parent: TraceContext?
    let start: UInt64
    let delivery: Delivery
    let queue: String
    let appId: String

    /// A span for `delivery`, or `nil` when tracing is off or the trace is not sampled.
    public static func begin(_ delivery: Delivery, queue: String, appId: String) -> MessageSpan? {
        guard let tracer = Tracer.current else { return nil }
        let parent = delivery.envelope.headers.traceparent.flatMap(TraceContext.init(traceparent:))
        guard let context = tracer.begin(parent: parent) else { return nil }
        return MessageSpan(
            tracer: tracer, context: context, parent: parent, start: Tracer.nowNanos(),
            delivery: delivery, queue: queue, appId: appId)
    }

    /// Ends the span (status error with the stable code when `failure` is set).
    public func end(failure: HandlingFailure?) {
        let envelope = delivery.envelope
        var attributes: [(String, SpanData.Value)] = [
            ("messaging.system", .string("rabbitmq")),
            ("messaging.operation.type", .string("process")),
            ("messaging.operation.name", .string("deliver")),
            ("messaging.destination.name", .string(queue)),
            ("messaging.rabbitmq.destination.routing_key", .string(delivery.routingKey)),
            ("messaging.message.id", .string(envelope.messageId)),
            ("messaging.consumer.group.name", .string(appId)),
            ("messaging.message.body.size", .int(envelope.body.count)),
            ("connectbus.message.type", .string(envelope.type)),
            ("connectbus.attempt", .int(envelope.headers.attempt)),
        ]
        if let correlation = envelope.correlationId {
            attributes.append(("messaging.message.conversation_id", .string(correlation)))
        }
        if let failure { attributes.append(("error.type", .string(failure.code))) }
        tracer.end(
            SpanData(
                context: context, parentSpanId: parent?.spanId, name: "\(queue) process", kind: .consumer,
                startNanos: start, endNanos: Tracer.nowNanos(), attributes: attributes,
                error: failure.map { "\($0.code): \($0.message)" }))
    }
}
