import CRabbitMQ
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Messages

extension AMQPConnection {
    /// Starts a consumer on `queue` with manual acknowledgement: sets the channel's prefetch
    /// (basic.qos, per consumer) and sends basic.consume. Call it again to consume several
    /// queues on this connection; ``Delivery/queue`` says where each delivery came from.
    ///
    /// - Parameters:
    ///   - prefetch: how many unacked deliveries the broker may send ahead (≥ 1).
    ///   - consumerTag: the tag to use, or `nil` for a broker-generated one.
    ///   - arguments: basic.consume arguments, e.g. `x-stream-offset` for a stream
    ///     (`first`, `last`, `next`, an offset, or an interval such as `3600s`).
    /// - Throws: ``BusError`` `bus.channel_closed` (e.g. 404 when the queue does not exist).
    public func startConsuming(queue: String, prefetch: UInt16, consumerTag: String? = nil) throws(BusError) {
        try startConsuming(queue: queue, prefetch: prefetch, consumerTag: consumerTag, arguments: [:])
    }

    /// ``startConsuming(queue:prefetch:consumerTag:)`` with basic.consume `arguments`.
    public func startConsuming(
        queue: String, prefetch: UInt16, consumerTag: String? = nil,
        arguments: [String: HeaderValue]
    ) throws(BusError) {
        let state = try usableState()
        _ = amqp_basic_qos(state, Self.channel, 0, max(prefetch, 1), 0)
        try check(amqp_get_rpc_reply(state), "\(connectionName): basic.qos")
        let arena = AMQPArena()
        let ok = amqp_basic_consume(
            state, Self.channel, arena.bytes(queue), arena.bytes(consumerTag ?? ""),
            0, 0, 0, arena.table(arguments))
        withExtendedLifetime(arena) {}
        try check(amqp_get_rpc_reply(state), "\(connectionName): consume from \(queue)")
        didSend()
        let tag = ok?.pointee.consumer_tag.string ?? consumerTag ?? ""
        consumers[tag] = queue
    }

    /// Waits up to `timeout` for the next delivery (amqp_consume_message) and returns it
    /// copied out of rabbitmq-c's buffers, or `nil` when the time is up. Heartbeats are
    /// handled while waiting. Other frames that arrive instead (a basic.return, stray
    /// confirms) are read and skipped.
    ///
    /// - Throws: ``BusError`` `bus.channel_closed` / `bus.connection_closed` with the
    ///   broker's reply text, `bus.consumer_cancelled` if the broker cancelled a consumer
    ///   (its queue was deleted), `bus.connection_lost` on socket or heartbeat failure.
    public func nextDelivery(timeout: Duration) throws(BusError) -> Delivery? {
        let state = try usableState()
        let deadline = ContinuousClock.now + timeout
        while true {
            amqp_maybe_release_buffers(state)
            var envelope = amqp_envelope_t()
            var wait = timeval(deadline - .now)
            let reply = amqp_consume_message(state, &envelope, &wait, 0)
            if reply.reply_type == AMQP_RESPONSE_NORMAL {
                defer { amqp_destroy_envelope(&envelope) }
                return delivery(from: envelope)
            }
            guard reply.reply_type == AMQP_RESPONSE_LIBRARY_EXCEPTION else {
                try check(reply, "\(connectionName): consume")
                continue
            }
            if reply.library_error == AMQP_STATUS_TIMEOUT.rawValue { return nil }
            guard reply.library_error == AMQP_STATUS_UNEXPECTED_STATE.rawValue else {
                throw fail(BusError.library(reply.library_error, "\(connectionName): consume"))
            }
            try skipUnexpectedFrame(state)
            if ContinuousClock.now >= deadline { return nil }
        }
    }

    /// Acknowledges `deliveryTag` (basic.ack), or every unacked tag up to it with `multiple`.
    /// - Throws: ``BusError`` if the connection is unusable or the write fails.
    public func ack(_ deliveryTag: UInt64, multiple: Bool) throws(BusError) {
        let state = try usableState()
        try check(
            status: amqp_basic_ack(state, Self.channel, deliveryTag, multiple ? 1 : 0),
            "\(connectionName): ack #\(deliveryTag)")
        didSend()
    }

    /// Rejects `deliveryTag` (basic.reject): back to its queue with `requeue`, otherwise
    /// dropped (or dead-lettered if the queue has a dead-letter exchange).
    /// - Throws: ``BusError`` if the connection is unusable or the write fails.
    public func reject(_ deliveryTag: UInt64, requeue: Bool) throws(BusError) {
        let state = try usableState()
        try check(
            status: amqp_basic_reject(state, Self.channel, deliveryTag, requeue ? 1 : 0),
            "\(connectionName): reject #\(deliveryTag)")
        didSend()
    }

    /// Negatively acknowledges `deliveryTag` (basic.nack), or every unacked tag up to it
    /// with `multiple`; `requeue` puts them back in their queue.
    /// - Throws: ``BusError`` if the connection is unusable or the write fails.
    public func nack(_ deliveryTag: UInt64, multiple: Bool, requeue: Bool) throws(BusError) {
        let state = try usableState()
        try check(
            status: amqp_basic_nack(state, Self.channel, deliveryTag, multiple ? 1 : 0, requeue ? 1 : 0),
            "\(connectionName): nack #\(deliveryTag)")
        didSend()
    }

    /// Cancels every consumer of this connection (basic.cancel). Deliveries already sent
    /// can still arrive through ``nextDelivery(timeout:)``; settle them as usual (unacked
    /// ones return to their queue when the connection closes).
    /// - Throws: ``BusError`` if an RPC fails.
    public func cancelConsumers() throws(BusError) {
        let state = try usableState()
        for tag in consumers.keys.sorted() {
            let arena = AMQPArena()
            _ = amqp_basic_cancel(state, Self.channel, arena.bytes(tag))
            withExtendedLifetime(arena) {}
            try check(amqp_get_rpc_reply(state), "\(connectionName): cancel consumer \(tag)")
            consumers[tag] = nil
        }
        didSend()
    }

    private func delivery(from envelope: amqp_envelope_t) -> Delivery {
        let tag = envelope.consumer_tag.string
        let properties = AMQPProperties(envelope.message.properties)
        return Delivery(
            deliveryTag: envelope.delivery_tag, exchange: envelope.exchange.string,
            routingKey: envelope.routing_key.string, redelivered: envelope.redelivered != 0,
            queue: consumers[tag] ?? "", consumerTag: tag,
            envelope: properties.envelope(body: envelope.message.body.array))
    }

    /// Reads the frame amqp_consume_message left unread (AMQP_STATUS_UNEXPECTED_STATE) and
    /// throws if it closes the channel or connection or cancels a consumer.
    private func skipUnexpectedFrame(_ state: amqp_connection_state_t) throws(BusError) {
        var frame = amqp_frame_t()
        try check(status: amqp_simple_wait_frame(state, &frame), "\(connectionName): reading a frame")
        guard frame.frame_type == AMQP_FRAME_METHOD else { return }
        let method = frame.payload.method
        if let closed = BusError.closeMethod(method, connectionName, state: state) { throw fail(closed) }
        switch method.id {
        case AMQPMethod.basicReturn:
            var message = amqp_message_t()
            if amqp_read_message(state, Self.channel, &message, 0).reply_type == AMQP_RESPONSE_NORMAL {
                amqp_destroy_message(&message)
            }
        case AMQPMethod.basicCancel:
            guard let decoded = method.decoded else { return }
            let tag = decoded.assumingMemoryBound(to: amqp_basic_cancel_t.self).pointee.consumer_tag.string
            let queue = consumers.removeValue(forKey: tag) ?? "?"
            throw BusError(
                code: BusError.Code.consumerCancelled,
                message: "\(connectionName): broker cancelled consumer \(tag) of queue \(queue)")
        default:
            return
        }
    }
}
