import Bus
import Foundation
import Messages
import Synchronization

/// A queue of the test's own bound to `connectbus.events` (e.g. `stripe.#`), collecting
/// every message it receives so a test can wait for some. Each read opens a short-lived
/// connection on the calling (dedicated) thread.
final class EventMonitor: Sendable {
    let url: String
    let queue: String
    private let seen = Mutex<[Envelope]>([])

    /// Declares the queue (non-durable) with its bindings.
    init(url: String, queue: String, patterns: [String]) throws {
        self.url = url
        self.queue = queue
        let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "notifications-tests.monitor")
        defer { connection.close() }
        try connection.declare(Topology.exchanges.merged(with: Topology(
            queues: [QueueSpec(name: queue, durable: false)],
            bindings: patterns.map { BindingSpec(queue: queue, exchange: Exchanges.events, pattern: $0) })))
    }

    /// Takes whatever is ready into `seen` and returns everything seen so far.
    func all() throws -> [Envelope] {
        let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "notifications-tests.monitor")
        defer { connection.close() }
        try connection.startConsuming(queue: queue, prefetch: 200)
        var timeout = Duration.milliseconds(200)
        while let delivery = try connection.nextDelivery(timeout: timeout) {
            try connection.ack(delivery.deliveryTag, multiple: false)
            seen.withLock { $0.append(delivery.envelope) }
            timeout = .milliseconds(50)
        }
        return seen.withLock { $0 }
    }

    /// Waits (on the calling dedicated thread) until at least `count` received messages
    /// satisfy `matching`, or `timeout` passed; returns those received.
    func wait(count: Int, timeout: Duration = .seconds(30),
              _ matching: (Envelope) -> Bool) throws -> [Envelope] {
        let deadline = ContinuousClock.now + timeout
        var found = try all().filter(matching)
        while found.count < count, ContinuousClock.now < deadline {
            found = try all().filter(matching)
        }
        return found
    }

    /// Deletes the queue.
    func delete() {
        guard let connection = try? AMQPConnection(url: try AMQPURL(url), connectionName: "notifications-tests.monitor")
        else { return }
        defer { connection.close() }
        _ = try? connection.deleteQueue(queue)
    }
}
