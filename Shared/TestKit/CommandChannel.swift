import Bus
import Foundation
public import Messages
import Synchronization

/// Publishes commands to `connectbus.commands` with chosen message ids (to replay exact
/// redeliveries) and collects their replies from a queue of the test's own.
///
/// Each call opens a short-lived AMQP connection on the calling thread, which must be a
/// dedicated one (see ``onThread(_:)``); replies are kept behind a mutex, so the channel is
/// safe to share between threads. Correlation ids are `corr-<messageId>`.
public final class CommandChannel: Sendable {
    /// The AMQP URL the channel connects to.
    public let url: String
    /// The (non-durable) queue replies come back to.
    public let replyQueue: String
    /// The `app_id` of the commands, e.g. `onboarding-tests`; connections are named `<appId>.commands`.
    public let appId: String
    private let replies = Mutex<[String: Envelope]>([:])

    /// Declares the (non-durable) reply queue.
    ///
    /// - Throws: `BusError` when the broker cannot be reached or refuses the declaration.
    public init(url: String, replyQueue: String, appId: String = "connectbus-tests") throws {
        self.url = url
        self.replyQueue = replyQueue
        self.appId = appId
        let connection = try connect()
        defer { connection.close() }
        _ = try connection.declareQueue(QueueSpec(name: replyQueue, durable: false))
    }

    private func connect() throws -> AMQPConnection {
        try AMQPConnection(url: try AMQPURL(url), connectionName: appId + ".commands")
    }

    /// Publishes `command` with `messageId` (correlation id `corr-<messageId>`), confirmed,
    /// `copies` times — more than once is what a broker redelivery looks like to the service;
    /// `attempt` > 0 sets `x-attempt`, as a retry through the delay queues carries it.
    ///
    /// - Throws: `BusError` when publishing or the publisher confirm fails; an encoding error.
    public func publish<C: CommandMessage>(_ command: C, messageId: String, copies: Int = 1, attempt: Int = 0) throws {
        let envelope = Envelope(
            messageId: messageId, correlationId: "corr-" + messageId, type: C.messageName,
            appId: appId, replyTo: replyQueue,
            headers: MessageHeaders(schemaVersion: C.schemaVersion, attempt: attempt),
            body: try MessageCoder.encode(command))
        let connection = try connect()
        defer { connection.close() }
        try connection.enableConfirms()
        for _ in 0..<copies {
            try connection.publish(envelope, exchange: Exchanges.commands, routingKey: C.messageName, mandatory: true)
        }
        try connection.waitForConfirms(timeout: .seconds(10))
    }

    /// Waits up to `timeout` for the reply to the command published with `messageId`.
    ///
    /// - Returns: the decoded reply, or `nil` when none came in time.
    /// - Throws: `BusError` when the reply queue cannot be read; a decoding error;
    ///   ``UndeclaredErrorCode`` when the reply is an error `C` does not declare.
    public func reply<C: CommandMessage>(
        to _: C.Type, messageId: String,
        timeout: Duration = .seconds(60)
    ) throws -> Reply<C.Result>? {
        let correlationId = "corr-" + messageId
        let deadline = ContinuousClock.now + timeout
        let connection = try connect()
        defer { connection.close() }
        try connection.startConsuming(queue: replyQueue, prefetch: 50)
        while replies.withLock({ $0[correlationId] }) == nil, ContinuousClock.now < deadline {
            if let delivery = try connection.nextDelivery(timeout: .milliseconds(200)) {
                try connection.ack(delivery.deliveryTag, multiple: false)
                replies.withLock { $0[delivery.envelope.correlationId ?? ""] = delivery.envelope }
            }
        }
        guard let envelope = replies.withLock({ $0[correlationId] }) else { return nil }
        let reply = try MessageCoder.decode(Reply<C.Result>.self, from: envelope.body)
        try UndeclaredErrorCode.check(reply, of: C.self)
        return reply
    }

    /// Publishes `command` once with a fresh message id and waits for its reply.
    ///
    /// - Returns: the decoded reply, or `nil` when none came within `timeout`.
    /// - Throws: as ``publish(_:messageId:copies:)`` and ``reply(to:messageId:timeout:)``.
    public func send<C: CommandMessage>(_ command: C, timeout: Duration = .seconds(60)) throws -> Reply<C.Result>? {
        let messageId = Envelope.newMessageId()
        try publish(command, messageId: messageId)
        return try reply(to: C.self, messageId: messageId, timeout: timeout)
    }

    /// Publishes a raw JSON body as command `type` (for malformed input) and waits up to
    /// `timeout` for its reply envelope, reading the reply queue directly.
    ///
    /// - Returns: the message id used, and the reply envelope or `nil` when none came in time.
    /// - Throws: `BusError` when publishing or reading fails.
    public func sendRaw(
        type: String, json: String,
        timeout: Duration = .seconds(60)
    ) throws -> (messageId: String, reply: Envelope?) {
        let messageId = Envelope.newMessageId()
        let envelope = Envelope(
            messageId: messageId, correlationId: "corr-" + messageId, type: type,
            appId: appId, replyTo: replyQueue, body: Array(json.utf8))
        let connection = try connect()
        defer { connection.close() }
        try connection.enableConfirms()
        try connection.publish(envelope, exchange: Exchanges.commands, routingKey: type, mandatory: true)
        try connection.waitForConfirms(timeout: .seconds(10))
        try connection.startConsuming(queue: replyQueue, prefetch: 50)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let delivery = try connection.nextDelivery(timeout: .milliseconds(200)) {
                try connection.ack(delivery.deliveryTag, multiple: false)
                if delivery.envelope.correlationId == "corr-" + messageId { return (messageId, delivery.envelope) }
            }
        }
        return (messageId, nil)
    }

    /// Deletes the reply queue; failures are ignored.
    public func delete() {
        guard let connection = try? connect() else { return }
        defer { connection.close() }
        _ = try? connection.deleteQueue(replyQueue)
    }
}
