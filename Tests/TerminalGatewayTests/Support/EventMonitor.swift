import Bus
import Foundation
import Messages
import Synchronization

/// A queue of the test's own bound to `connectbus.events` (e.g. `terminal.#`), collecting
/// every event it receives so a test can wait for one. Each read opens a short-lived
/// connection on the calling (dedicated) thread.
final class EventMonitor: Sendable {
    let url: String
    let queue: String
    private let seen = Mutex<[Envelope]>([])

    /// Declares the queue (non-durable) with its bindings.
    init(url: String, queue: String, patterns: [String]) throws {
        self.url = url
        self.queue = queue
        let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "terminal-tests.monitor")
        defer { connection.close() }
        try connection.declare(Topology.exchanges.merged(with: Topology(
            queues: [QueueSpec(name: queue, durable: false)],
            bindings: patterns.map { BindingSpec(queue: queue, exchange: Exchanges.events, pattern: $0) })))
    }

    /// Takes whatever is ready (waiting up to `wait` for the first message) into `seen`.
    private func drain(wait: Duration) throws {
        let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "terminal-tests.monitor")
        defer { connection.close() }
        try connection.startConsuming(queue: queue, prefetch: 100)
        var timeout = wait
        while let delivery = try connection.nextDelivery(timeout: timeout) {
            try connection.ack(delivery.deliveryTag, multiple: false)
            seen.withLock { $0.append(delivery.envelope) }
            timeout = .milliseconds(100)
        }
    }

    /// Every event of type `E` received so far that `matches` (after draining the queue).
    func events<E: EventMessage>(_: E.Type, where matches: (E) -> Bool = { _ in true }) throws -> [E] {
        try drain(wait: .milliseconds(200))
        let all = seen.withLock { $0.filter { $0.type == E.messageName } }
        return all.compactMap { try? $0.decode(E.self) }.filter(matches)
    }

    /// Waits (on the calling dedicated thread) until at least `count` events of type `E` that
    /// `matches` arrived, or `timeout` passed; returns those received.
    func wait<E: EventMessage>(for type: E.Type, count: Int = 1, timeout: Duration = .seconds(30),
                               where matches: @escaping (E) -> Bool = { _ in true }) throws -> [E] {
        let deadline = ContinuousClock.now + timeout
        var found = try events(type, where: matches)
        while found.count < count, ContinuousClock.now < deadline {
            found = try events(type, where: matches)
        }
        return found
    }

    /// Deletes the queue.
    func delete() {
        guard let connection = try? AMQPConnection(url: try AMQPURL(url), connectionName: "terminal-tests.monitor") else { return }
        defer { connection.close() }
        _ = try? connection.deleteQueue(queue)
    }
}
