import Bus
import Foundation
import Messages

/// The test's own side of the broker: publish, read a queue, inspect and delete queues.
/// Each call opens a short-lived connection on the calling (dedicated) thread.
struct BrokerProbe: Sendable {
    let url: String

    private func connect(_ name: String = "runtime-tests") throws -> AMQPConnection {
        try AMQPConnection(url: try AMQPURL(url), connectionName: name)
    }

    /// Publishes `envelopes` with confirms.
    func publish(_ envelopes: [Envelope], exchange: String, routingKey: String) throws {
        let connection = try connect()
        defer { connection.close() }
        try connection.enableConfirms()
        for envelope in envelopes {
            try connection.publish(envelope, exchange: exchange, routingKey: routingKey, mandatory: false)
        }
        try connection.waitForConfirms(timeout: .seconds(10))
    }

    /// Declares a plain durable queue (reply queues, relay targets).
    func declare(_ queue: String) throws {
        let connection = try connect()
        defer { connection.close() }
        _ = try connection.declareQueue(QueueSpec(name: queue))
    }

    /// Binds `queue` to `exchange` for `pattern`.
    func bind(_ queue: String, to exchange: String, pattern: String) throws {
        let connection = try connect()
        defer { connection.close() }
        try connection.declare(Topology(bindings: [BindingSpec(queue: queue, exchange: exchange, pattern: pattern)]))
    }

    /// Takes up to `count` messages from `queue`, acking them, waiting up to `timeout`.
    func take(_ count: Int, from queue: String, timeout: Duration = .seconds(30)) throws -> [Delivery] {
        let connection = try connect()
        defer { connection.close() }
        try connection.startConsuming(queue: queue, prefetch: UInt16(max(1, count)))
        var deliveries: [Delivery] = []
        let deadline = ContinuousClock.now + timeout
        while deliveries.count < count, ContinuousClock.now < deadline {
            if let delivery = try connection.nextDelivery(timeout: .milliseconds(200)) {
                try connection.ack(delivery.deliveryTag, multiple: false)
                deliveries.append(delivery)
            }
        }
        return deliveries
    }

    /// Makes the broker count failed deliveries of the first message of `queue`, as a worker
    /// that dies while holding it does: takes it and rejects it back (`requeue`) until it
    /// arrives with `x-delivery-count` `count`, then closes the connection with it unacked
    /// (one more return). Returns the counts it arrived with, in order.
    func returnUnsettled(from queue: String, until count: Int, timeout: Duration = .seconds(30)) throws -> [Int] {
        let connection = try connect()
        defer { connection.close() }
        try connection.startConsuming(queue: queue, prefetch: 1)
        var seen: [Int] = []
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let delivery = try connection.nextDelivery(timeout: .milliseconds(200)) else { continue }
            seen.append(delivery.envelope.headers.deliveryCount)
            if delivery.envelope.headers.deliveryCount >= count { break }
            try connection.reject(delivery.deliveryTag, requeue: true)
        }
        return seen
    }

    /// Ready messages in `queue`.
    func messageCount(_ queue: String) throws -> Int {
        let connection = try connect()
        defer { connection.close() }
        return try connection.queueStatus(queue).messages
    }

    /// Consumers of `queue`.
    func consumerCount(_ queue: String) throws -> Int {
        let connection = try connect()
        defer { connection.close() }
        return try connection.queueStatus(queue).consumers
    }

    /// Deletes queues, ignoring missing ones.
    func delete(_ queues: [String]) {
        guard let connection = try? connect() else { return }
        defer { connection.close() }
        for queue in queues { _ = try? connection.deleteQueue(queue) }
    }
}
