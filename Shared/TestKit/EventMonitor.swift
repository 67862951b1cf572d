import Bus
import Foundation
public import Messages
import Synchronization

/// A queue of the test's own bound to `connectbus.events` (e.g. `onboarding.account.#`),
/// collecting every event it receives so a test can wait for one.
///
/// Each read opens a short-lived AMQP connection on the calling thread, which must be a
/// dedicated one (see ``onThread(_:)``); what was received is kept behind a mutex, so the
/// monitor is safe to share between threads.
public final class EventMonitor: Sendable {
    /// The AMQP URL the monitor connects to.
    public let url: String
    /// The monitor's queue (non-durable).
    public let queue: String
    /// The AMQP connection name the monitor shows in the broker, e.g. `onboarding-tests.monitor`.
    public let connectionName: String
    private let seen = Mutex<[Envelope]>([])

    /// Declares the queue (non-durable) with a binding to `connectbus.events` per pattern.
    ///
    /// - Throws: `BusError` when the broker cannot be reached or refuses the declaration.
    public init(
        url: String, queue: String, patterns: [String],
        connectionName: String = "connectbus-tests.monitor"
    ) throws {
        self.url = url
        self.queue = queue
        self.connectionName = connectionName
        let connection = try connect()
        defer { connection.close() }
        try connection.declare(
            Topology.exchanges.merged(
                with: Topology(
                    queues: [QueueSpec(name: queue, durable: false)],
                    bindings: patterns.map { BindingSpec(queue: queue, exchange: Exchanges.events, pattern: $0) })))
    }

    private func connect() throws -> AMQPConnection {
        try AMQPConnection(url: try AMQPURL(url), connectionName: connectionName)
    }

    /// Takes whatever is ready (waiting up to `wait` for the first message) into `seen`.
    private func drain(wait: Duration) throws {
        let connection = try connect()
        defer { connection.close() }
        try connection.startConsuming(queue: queue, prefetch: 100)
        var timeout = wait
        while let delivery = try connection.nextDelivery(timeout: timeout) {
            try connection.ack(delivery.deliveryTag, multiple: false)
            seen.withLock { $0.append(delivery.envelope) }
            timeout = .milliseconds(100)
        }
    }

    /// Every message received so far, in arrival order (after draining the queue).
    ///
    /// - Throws: `BusError` when the queue cannot be read.
    public func all() throws -> [Envelope] {
        try drain(wait: .milliseconds(200))
        return seen.withLock { $0 }
    }

    /// Waits (on the calling dedicated thread) until at least `count` received messages
    /// satisfy `matching`, or `timeout` passed.
    ///
    /// - Returns: the matching messages received, possibly fewer than `count`.
    /// - Throws: `BusError` when the queue cannot be read.
    public func wait(
        count: Int, timeout: Duration = .seconds(30),
        _ matching: (Envelope) -> Bool
    ) throws -> [Envelope] {
        let deadline = ContinuousClock.now + timeout
        var found = try all().filter(matching)
        while found.count < count, ContinuousClock.now < deadline {
            found = try all().filter(matching)
        }
        return found
    }

    /// Every event of `type` (a message name) about connected account `account` received
    /// so far (after draining the queue).
    ///
    /// - Throws: `BusError` when the queue cannot be read.
    public func events(type: String, account: String) throws -> [Envelope] {
        try drain(wait: .milliseconds(200))
        return seen.withLock { all in
            all.filter { $0.type == type && $0.headers.stripeAccount == account }
        }
    }

    /// Waits (on the calling dedicated thread) until at least `count` events of `type` about
    /// `account` arrived, or `timeout` passed.
    ///
    /// - Returns: the events received, possibly fewer than `count`.
    /// - Throws: `BusError` when the queue cannot be read.
    public func wait(
        for type: String, account: String, count: Int = 1,
        timeout: Duration = .seconds(30)
    ) throws -> [Envelope] {
        let deadline = ContinuousClock.now + timeout
        var found = try events(type: type, account: account)
        while found.count < count, ContinuousClock.now < deadline {
            found = try events(type: type, account: account)
        }
        return found
    }

    /// Every event of type `E` received so far that `matches` (after draining the queue);
    /// bodies that do not decode as `E` are passed over.
    ///
    /// - Throws: `BusError` when the queue cannot be read.
    public func events<E: EventMessage>(_: E.Type, where matches: (E) -> Bool = { _ in true }) throws -> [E] {
        try drain(wait: .milliseconds(200))
        let all = seen.withLock { $0.filter { $0.type == E.messageName } }
        return all.compactMap { try? $0.decode(E.self) }.filter(matches)
    }

    /// Waits (on the calling dedicated thread) until at least `count` events of type `E` that
    /// `matches` arrived, or `timeout` passed.
    ///
    /// - Returns: the events received, possibly fewer than `count`.
    /// - Throws: `BusError` when the queue cannot be read.
    public func wait<E: EventMessage>(
        for type: E.Type, count: Int = 1, timeout: Duration = .seconds(30),
        where matches: @escaping (E) -> Bool = { _ in true }
    ) throws -> [E] {
        let deadline = ContinuousClock.now + timeout
        var found = try events(type, where: matches)
        while found.count < count, ContinuousClock.now < deadline {
            found = try events(type, where: matches)
        }
        return found
    }

    /// Deletes the queue; failures are ignored (the broker drops nothing else).
    public func delete() {
        guard let connection = try? connect() else { return }
        defer { connection.close() }
        _ = try? connection.deleteQueue(queue)
    }
}
