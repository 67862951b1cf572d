#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Messages

/// Sends a command and waits for its reply (DESIGN §3 request/reply): for the CLI, tests
/// and platform tools.
///
/// Owns two connections: one publishes with confirms, the other consumes an exclusive,
/// server-named, auto-delete reply queue. A command goes to `connectbus.commands` with
/// routing key = its name, `mandatory` (no queue bound → `bus.unroutable`), `reply_to` =
/// the reply queue and a fresh `correlation_id`; replies with another correlation id
/// (late answers to earlier, timed-out requests) are acked and ignored.
///
/// Not `Sendable`: create and use it on one dedicated thread. ``close()`` (or deinit)
/// closes both connections.
public final class RequestReplyClient {
    /// `app_id` put on every command.
    public let appId: String
    /// The server-named queue replies arrive on.
    public let replyQueue: String
    private let publisher: AMQPConnection
    private let consumer: AMQPConnection

    /// Dials the two connections and declares the reply queue.
    /// - Throws: ``BusError`` `bus.connection_failed` or a declaration error.
    public init(url: AMQPURL, appId: String) throws(BusError) {
        self.appId = appId
        publisher = try AMQPConnection(url: url, connectionName: "\(appId).requests")
        consumer = try AMQPConnection(url: url, connectionName: "\(appId).replies")
        try publisher.enableConfirms()
        replyQueue = try consumer.declareQueue(QueueSpec(name: "", durable: false, exclusive: true, autoDelete: true))
        try consumer.startConsuming(queue: replyQueue, prefetch: 16)
    }

    deinit {
        close()
    }

    /// Sends `command` and returns the decoded reply (`.ok(result)` or `.error(ReplyError)`).
    ///
    /// - Parameters:
    ///   - stripeAccount: the connected account (`x-stripe-account`), if any.
    ///   - timeout: how long to wait for the broker's confirm and the reply, together.
    /// - Throws: ``BusError`` (`bus.unroutable` when no queue takes the command,
    ///   `bus.timeout` when no reply arrives in time, `bus.invalid_reply` when the reply
    ///   body is not a `Reply<C.Result>`), or the encoding error of the command.
    public func send<C: CommandMessage>(
        _ command: C, stripeAccount: String?,
        timeout: Duration
    ) throws -> Reply<C.Result> {
        let reply = try sendRaw(
            type: C.messageName, body: MessageCoder.encode(command),
            schemaVersion: C.schemaVersion, stripeAccount: stripeAccount, timeout: timeout)
        do {
            return try MessageCoder.decode(Reply<C.Result>.self, from: reply.body)
        } catch {
            throw BusError(
                code: BusError.Code.invalidReply,
                message: "reply to \(C.messageName) is not a valid reply: \(error)",
                messageId: reply.messageId)
        }
    }

    /// Sends a command given as raw JSON and returns the reply envelope as received.
    ///
    /// - Parameters:
    ///   - type: the command name, also the routing key (e.g. `payments.create_refund`).
    ///   - body: the JSON body (UTF-8).
    ///   - schemaVersion: `x-schema-version` of the body.
    ///   - stripeAccount: the connected account, if any.
    ///   - timeout: how long to wait for the confirm and the reply, together.
    /// - Throws: ``BusError`` `bus.unroutable`, `bus.timeout` or a connection error.
    public func sendRaw(
        type: String, body: [UInt8], schemaVersion: Int = 1, stripeAccount: String? = nil,
        timeout: Duration
    ) throws(BusError) -> Envelope {
        let deadline = ContinuousClock.now + timeout
        let correlationId = Envelope.newMessageId()
        let command = Envelope(
            correlationId: correlationId, type: type, appId: appId, replyTo: replyQueue,
            headers: MessageHeaders(schemaVersion: schemaVersion, stripeAccount: stripeAccount),
            body: body)
        try publisher.publish(command, exchange: Exchanges.commands, routingKey: type, mandatory: true)
        try publisher.waitForConfirms(timeout: deadline - .now)
        while true {
            let remaining = deadline - .now
            guard remaining > .zero, let delivery = try consumer.nextDelivery(timeout: remaining) else {
                throw BusError(
                    code: BusError.Code.timeout,
                    message: "no reply to \(type) within \(timeout)", messageId: command.messageId)
            }
            try consumer.ack(delivery.deliveryTag, multiple: false)
            if delivery.envelope.correlationId == correlationId { return delivery.envelope }
        }
    }

    /// Keeps both connections alive while the owning thread is busy elsewhere
    /// (``AMQPConnection/sendHeartbeatIfDue()``).
    public func sendHeartbeatIfDue() {
        publisher.sendHeartbeatIfDue()
        consumer.sendHeartbeatIfDue()
    }

    /// Closes both connections (the reply queue goes with them). Idempotent.
    public func close() {
        consumer.close()
        publisher.close()
    }
}
