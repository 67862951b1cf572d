import Bus
import Foundation
import Messages
import Synchronization

/// A unique queue bound to `connectbus.events` with `payments.#`, and what it received.
/// Every call opens a short-lived connection on the calling (dedicated) thread.
final class PaymentsEventMonitor: Sendable {
    let url: String
    let queue: String
    private let seen = Mutex<[Envelope]>([])

    init(url: String, queue: String) {
        self.url = url
        self.queue = queue
    }

    private func connect() throws -> AMQPConnection {
        try AMQPConnection(url: try AMQPURL(url), connectionName: "payments-tests-monitor")
    }

    /// Declares the queue and its binding.
    func declare() throws {
        let connection = try connect()
        defer { connection.close() }
        try connection.declare(
            Topology.exchanges.merged(
                with: Topology(
                    queues: [QueueSpec(name: queue)],
                    bindings: [BindingSpec(queue: queue, exchange: Exchanges.events, pattern: "payments.#")])))
    }

    /// Moves everything ready in the queue into ``all`` (acking it), waiting up to `quiet`
    /// for each next message.
    func drain(quiet: Duration = .milliseconds(300)) throws {
        let connection = try connect()
        defer { connection.close() }
        try connection.startConsuming(queue: queue, prefetch: 100)
        while let delivery = try connection.nextDelivery(timeout: quiet) {
            try connection.ack(delivery.deliveryTag, multiple: false)
            seen.withLock { $0.append(delivery.envelope) }
        }
    }

    /// Everything received so far.
    var all: [Envelope] { seen.withLock { $0 } }

    /// Received events of `type` about `order` (by its `order_reference`).
    func events(_ type: String, order: String) -> [Envelope] {
        all.filter { envelope in
            guard envelope.type == type,
                let object = try? JSONSerialization.jsonObject(with: Data(envelope.body)) as? [String: Any]
            else { return false }
            return object["order_reference"] as? String == order
        }
    }

    /// Deletes the queue.
    func delete() {
        guard let connection = try? connect() else { return }
        defer { connection.close() }
        _ = try? connection.deleteQueue(queue)
    }
}
