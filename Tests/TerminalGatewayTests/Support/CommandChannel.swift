import Bus
import Foundation
import Messages
import Synchronization

/// Publishes commands with chosen message ids (to replay exact redeliveries) and collects
/// their replies from a queue of the test's own. Each call opens a short-lived connection
/// on the calling (dedicated) thread.
final class CommandChannel: Sendable {
    let url: String
    let replyQueue: String
    private let replies = Mutex<[String: Envelope]>([:])

    /// Declares the (non-durable) reply queue.
    init(url: String, replyQueue: String) throws {
        self.url = url
        self.replyQueue = replyQueue
        let connection = try connect()
        defer { connection.close() }
        _ = try connection.declareQueue(QueueSpec(name: replyQueue, durable: false))
    }

    private func connect() throws -> AMQPConnection {
        try AMQPConnection(url: try AMQPURL(url), connectionName: "terminal-tests.commands")
    }

    /// Publishes `command` with `messageId` (correlation id `corr-<messageId>`), confirmed,
    /// `copies` times — more than once is what a broker redelivery looks like to the service.
    func publish<C: CommandMessage>(_ command: C, messageId: String, copies: Int = 1) throws {
        let envelope = Envelope(messageId: messageId, correlationId: "corr-" + messageId, type: C.messageName,
                                appId: "terminal-tests", replyTo: replyQueue,
                                headers: MessageHeaders(schemaVersion: C.schemaVersion),
                                body: try MessageCoder.encode(command))
        let connection = try connect()
        defer { connection.close() }
        try connection.enableConfirms()
        for _ in 0..<copies {
            try connection.publish(envelope, exchange: Exchanges.commands, routingKey: C.messageName, mandatory: true)
        }
        try connection.waitForConfirms(timeout: .seconds(10))
    }

    /// Waits for the reply to the command published with `messageId`.
    func reply<C: CommandMessage>(to _: C.Type, messageId: String, timeout: Duration = .seconds(60)) throws -> Reply<C.Result>? {
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
        return try MessageCoder.decode(Reply<C.Result>.self, from: envelope.body)
    }

    /// Publishes `command` once with a fresh message id and waits for its reply.
    func send<C: CommandMessage>(_ command: C, timeout: Duration = .seconds(60)) throws -> Reply<C.Result>? {
        let messageId = Envelope.newMessageId()
        try publish(command, messageId: messageId)
        return try reply(to: C.self, messageId: messageId, timeout: timeout)
    }

    /// Deletes the reply queue.
    func delete() {
        guard let connection = try? connect() else { return }
        defer { connection.close() }
        _ = try? connection.deleteQueue(replyQueue)
    }
}

extension CommandChannel {
    /// Publishes a raw JSON body as command `type` (for malformed input) and waits for its reply envelope.
    func sendRaw(type: String, json: String, timeout: Duration = .seconds(60)) throws -> (messageId: String, reply: Envelope?) {
        let messageId = Envelope.newMessageId()
        let envelope = Envelope(messageId: messageId, correlationId: "corr-" + messageId, type: type,
                                appId: "terminal-tests", replyTo: replyQueue, body: Array(json.utf8))
        let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "terminal-tests.commands")
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
}
