#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An ``AMQPConnection`` that is dialled again, with backoff, after it is lost (e.g. the
/// broker restarted), and re-declares its topology and re-applies its set-up each time.
///
/// Pattern for a worker thread:
/// ```swift
/// let bus = ReconnectingConnection(url: url, connectionName: "payments.worker-1",
///                                  topology: topology, setUp: { try $0.enableConfirms() })
/// while running {
///     do { try bus.run { c in try c.publish(e, …); try c.waitForConfirms(timeout: .seconds(5)) } }
///     catch let e as BusError where e.requiresReconnect { continue }   // next run() re-dials
/// }
/// ```
/// A failed ``run(_:)`` whose error ``BusError/requiresReconnect`` drops the connection;
/// the next call dials again. Unacked deliveries of the dead connection are redelivered
/// by the broker and unconfirmed publishes must be published again (the outbox does it).
///
/// Not `Sendable`: confined to the thread that uses it, like ``AMQPConnection``.
public final class ReconnectingConnection {
    /// Broker to dial.
    public let url: AMQPURL
    /// Name of each dialled connection.
    public let connectionName: String
    /// Declared after every dial.
    public let topology: Topology
    /// Backoff between failed dials.
    public let policy: ReconnectPolicy
    /// How many times a lost connection was replaced by a new one.
    public private(set) var reconnects = 0

    private let heartbeatSeconds: Int
    private let setUp: (AMQPConnection) throws(BusError) -> Void
    private let shouldStop: () -> Bool
    private let onDialFailure: (BusError, Int, Duration) -> Void
    private var current: AMQPConnection?
    private var everConnected = false

    /// Creates the helper; nothing is dialled until ``connection()`` or ``run(_:)``.
    /// - Parameters:
    ///   - setUp: run after each dial and declaration, e.g. `enableConfirms()` or
    ///     `startConsuming(queue:prefetch:)`.
    ///   - shouldStop: checked between attempts (e.g. a SIGTERM flag); when it returns
    ///     `true` the dial loop gives up with the last error.
    ///   - onDialFailure: called after each failed attempt that will be retried, with the
    ///     error, the number of failures in a row (≥ 1) and the wait before the next attempt
    ///     (e.g. to say so on stderr); not called for the attempt that gives up.
    public init(
        url: AMQPURL, connectionName: String, heartbeatSeconds: Int = 30,
        topology: Topology = Topology(), policy: ReconnectPolicy = ReconnectPolicy(),
        setUp: @escaping (AMQPConnection) throws(BusError) -> Void = { _ in },
        shouldStop: @escaping () -> Bool = { false },
        onDialFailure: @escaping (BusError, _ failures: Int, _ nextDelay: Duration) -> Void = { _, _, _ in }
    ) {
        self.url = url
        self.connectionName = connectionName
        self.heartbeatSeconds = heartbeatSeconds
        self.topology = topology
        self.policy = policy
        self.setUp = setUp
        self.shouldStop = shouldStop
        self.onDialFailure = onDialFailure
    }

    deinit {
        current?.close()
    }

    /// The usable connection, dialling (with backoff, declaring and setting up) if needed.
    /// - Throws: the last ``BusError`` when ``ReconnectPolicy/maxAttempts`` is reached or
    ///   `shouldStop` returns `true`.
    public func connection() throws(BusError) -> AMQPConnection {
        if let current, current.isUsable { return current }
        drop()
        var failures = 0
        while true {
            do throws(BusError) {
                let connection = try AMQPConnection(
                    url: url, connectionName: connectionName,
                    heartbeatSeconds: heartbeatSeconds)
                do throws(BusError) {
                    try connection.declare(topology)
                    try setUp(connection)
                } catch {
                    connection.close()
                    throw error
                }
                if everConnected { reconnects += 1 }
                everConnected = true
                current = connection
                return connection
            } catch {
                failures += 1
                if let max = policy.maxAttempts, failures >= max { throw error }
                if shouldStop() { throw error }
                let delay = policy.delay(afterFailures: failures)
                onDialFailure(error, failures, delay)
                if !sleep(delay) { throw error }
            }
        }
    }

    /// Runs `body` with the connection. If it throws an error that
    /// ``BusError/requiresReconnect``, the connection is closed so the next call dials a
    /// new one; the error is rethrown either way.
    public func run<T>(_ body: (AMQPConnection) throws(BusError) -> T) throws(BusError) -> T {
        let connection = try connection()
        do {
            return try body(connection)
        } catch {
            if error.requiresReconnect { drop() }
            throw error
        }
    }

    /// Keeps the current connection alive (``AMQPConnection/sendHeartbeatIfDue()``).
    public func sendHeartbeatIfDue() {
        current?.sendHeartbeatIfDue()
    }

    /// Closes the current connection, if any; the next call dials again.
    public func drop() {
        current?.close()
        current = nil
    }

    /// Sleeps `duration` in slices, checking `shouldStop`; `false` if asked to stop.
    private func sleep(_ duration: Duration) -> Bool {
        let deadline = ContinuousClock.now + duration
        while ContinuousClock.now < deadline {
            if shouldStop() { return false }
            let slice = min(deadline - .now, .milliseconds(100))
            let parts = max(slice, .zero).components
            usleep(UInt32(parts.seconds * 1_000_000 + parts.attoseconds / 1_000_000_000_000))
        }
        return !shouldStop()
    }
}
