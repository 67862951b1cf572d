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
    /// Puts the channel in publisher-confirm mode (confirm.select): from now on every
    /// publish gets a sequence number that the broker acks or nacks.
    /// - Throws: ``BusError`` if the RPC fails.
    public func enableConfirms() throws(BusError) {
        let state = try usableState()
        guard !confirmsEnabled else { return }
        _ = amqp_confirm_select(state, Self.channel)
        try check(amqp_get_rpc_reply(state), "\(connectionName): confirm.select")
        didSend()
        confirmsEnabled = true
    }

    /// Publishes `envelope` (basic.publish) with the properties of ``AMQPProperties/init(envelope:)``:
    /// persistent (`delivery_mode=2`), every header set. Returns once the frames are
    /// written; with confirms enabled, call ``waitForConfirms(timeout:)`` to know the
    /// broker has the message.
    ///
    /// - Parameters:
    ///   - exchange: `connectbus.commands`, `connectbus.events` or `""` (default exchange).
    ///   - routingKey: message name, or queue name on the default exchange.
    ///   - mandatory: if no queue matches, the broker returns the message and
    ///     ``waitForConfirms(timeout:)`` throws `bus.unroutable` (use it for commands).
    /// - Throws: ``BusError`` if the connection is unusable or the socket write fails.
    public func publish(
        _ envelope: Envelope, exchange: String, routingKey: String,
        mandatory: Bool
    ) throws(BusError) {
        let state = try usableState()
        amqp_maybe_release_buffers(state)
        let arena = AMQPArena()
        let exchangeBytes = arena.bytes(exchange)
        let routingKeyBytes = arena.bytes(routingKey)
        let status = AMQPProperties(envelope: envelope).withCProperties { properties in
            envelope.body.withUnsafeBytes { body in
                amqp_basic_publish(
                    state, Self.channel, exchangeBytes, routingKeyBytes,
                    mandatory ? 1 : 0, 0, properties,
                    amqp_bytes_t(len: body.count, bytes: UnsafeMutableRawPointer(mutating: body.baseAddress)))
            }
        }
        withExtendedLifetime(arena) {}
        try check(status: status, "\(connectionName): publish \(routingKey) to '\(exchange)'")
        didSend()
        if confirmsEnabled {
            unconfirmed[nextPublishTag] = envelope.messageId
            nextPublishTag += 1
        }
    }

    /// Number of publishes the broker has not confirmed yet.
    public var unconfirmedCount: Int { unconfirmed.count }

    /// Reads frames until the broker has confirmed every outstanding publish (basic.ack,
    /// also with `multiple`). Returns at once when nothing is outstanding.
    ///
    /// - Throws: ``BusError`` `bus.unroutable` if a `mandatory` publish came back
    ///   (basic.return, read and discarded), `bus.nacked` if the broker nacked one (both
    ///   only after every outstanding publish is settled, so the connection stays usable);
    ///   `bus.timeout` after `timeout` (the publishes stay outstanding; a nack or return
    ///   already read is thrown by the later wait that settles the last of them);
    ///   `bus.channel_closed` / `bus.connection_closed` / `bus.connection_lost`.
    public func waitForConfirms(timeout: Duration) throws(BusError) {
        let state = try usableState()
        let deadline = ContinuousClock.now + timeout
        // A nack or return seen by an earlier wait that timed out still counts.
        var problem = confirmProblem
        defer { confirmProblem = unconfirmed.isEmpty ? nil : problem }
        while !unconfirmed.isEmpty {
            let remaining = deadline - .now
            guard remaining > .zero else {
                throw BusError(
                    code: BusError.Code.timeout,
                    message: "\(connectionName): \(unconfirmed.count) publish(es) unconfirmed after \(timeout)")
            }
            var frame = amqp_frame_t()
            var wait = timeval(remaining)
            let status = amqp_simple_wait_frame_noblock(state, &frame, &wait)
            if status == AMQP_STATUS_TIMEOUT.rawValue { continue }
            try check(status: status, "\(connectionName): waiting for confirms")
            guard frame.frame_type == AMQP_FRAME_METHOD, let decoded = frame.payload.method.decoded else { continue }
            switch frame.payload.method.id {
            case AMQPMethod.basicAck:
                let ack = decoded.assumingMemoryBound(to: amqp_basic_ack_t.self).pointee
                settle(ack.delivery_tag, multiple: ack.multiple != 0)
            case AMQPMethod.basicNack:
                let nack = decoded.assumingMemoryBound(to: amqp_basic_nack_t.self).pointee
                let messageId = unconfirmed[nack.delivery_tag]
                settle(nack.delivery_tag, multiple: nack.multiple != 0)
                problem =
                    problem
                    ?? BusError(
                        code: BusError.Code.nacked,
                        message: "\(connectionName): broker nacked publish #\(nack.delivery_tag)",
                        messageId: messageId)
            case AMQPMethod.basicReturn:
                let returned = decoded.assumingMemoryBound(to: amqp_basic_return_t.self).pointee
                let messageId = readReturnedMessage(state)
                problem =
                    problem
                    ?? BusError(
                        code: BusError.Code.unroutable,
                        message: "\(connectionName): message to '\(returned.exchange.string)' with routing key "
                            + "'\(returned.routing_key.string)' returned: \(returned.reply_text.string)",
                        replyCode: Int(returned.reply_code), messageId: messageId)
            default:
                if let closed = BusError.closeMethod(frame.payload.method, connectionName, state: state) {
                    throw fail(closed)
                }
            }
            amqp_maybe_release_buffers(state)
        }
        if let problem { throw problem }
    }

    /// Forgets confirmed delivery tags: `tag` alone, or every tag up to it with `multiple`.
    private func settle(_ tag: UInt64, multiple: Bool) {
        if multiple {
            unconfirmed = unconfirmed.filter { $0.key > tag }
        } else {
            unconfirmed[tag] = nil
        }
    }

    /// Reads the content header and body that follow a basic.return; returns its `message_id`.
    private func readReturnedMessage(_ state: amqp_connection_state_t) -> String? {
        var message = amqp_message_t()
        let reply = amqp_read_message(state, Self.channel, &message, 0)
        guard reply.reply_type == AMQP_RESPONSE_NORMAL else { return nil }
        defer { amqp_destroy_message(&message) }
        return AMQPProperties(message.properties).messageId
    }
}
