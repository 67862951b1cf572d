import Bus
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Store
import Synchronization

/// A background thread that publishes outbox rows left behind (broker down at commit
/// time, a crash between commit and publish) once they are older than a grace period,
/// in batches with one confirm wait each, locking rows with `FOR UPDATE SKIP LOCKED` so
/// several replicas can relay side by side. It also refreshes the outbox lag gauges.
///
/// On ``stop()`` it publishes everything still pending (grace 0) and exits. It reconnects
/// with capped backoff after a broker or database failure and never exits on an outage.
/// Thread-safety: `Sendable` handle; the C handles live on the relay thread.
public final class OutboxRelay: Sendable {
    private let endpoints: Worker.Endpoints
    private let schema: String
    private let name: String
    private let grace: Duration
    private let batchSize: Int
    private let idleInterval: Duration
    private let metrics: RuntimeMetrics
    private let log: Logger
    private let stopSignal = StopSignal()
    private let doorbell = Doorbell()
    private let connected = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Creates a relay (not started).
    /// - Parameters:
    ///   - amqpURL: broker to publish to.
    ///   - databaseURL: database holding `<schema>.outbox`.
    ///   - schema: the service's schema.
    ///   - grace: rows younger than this are left to the worker that wrote them.
    ///   - batchSize: rows per transaction and confirm wait.
    ///   - idleInterval: pause between polls when nothing is pending.
    public init(amqpURL: AMQPURL, databaseURL: String, schema: String, name: String, grace: Duration = .seconds(2),
                batchSize: Int = 500, idleInterval: Duration = .milliseconds(250), heartbeatSeconds: Int = 30,
                metrics: RuntimeMetrics, log: Logger) {
        endpoints = Worker.Endpoints(amqpURL: amqpURL, databaseURL: databaseURL, heartbeatSeconds: heartbeatSeconds)
        self.schema = schema
        self.name = name
        self.grace = grace
        self.batchSize = max(1, batchSize)
        self.idleInterval = idleInterval
        self.metrics = metrics
        self.log = log
    }

    /// Whether the relay's connections are up (for `/readyz`).
    public var isConnected: Bool { connected.load(ordering: .relaxed) }

    /// Starts the relay thread.
    public func start() {
        DedicatedThread.start(name: name) { [self] in run() }
    }

    /// Wakes the relay now instead of at its next poll: for a writer that just committed
    /// rows the relay publishes at once (grace 0), such as the webhook ingress. Cheap; may
    /// be called from any thread, as often as rows are committed.
    public func nudge() { doorbell.ring() }

    /// Asks the relay to flush what is pending and exit, and waits up to `timeout` for it.
    /// Returns `false` on timeout.
    @discardableResult
    public func stop(timeout: Duration = .seconds(30)) -> Bool {
        stopSignal.stop()
        doorbell.ring()
        return finished.wait(timeout: .now() + .milliseconds(Int(timeout.seconds * 1000))) == .success
    }

    private func run() {
        let connections = WorkerConnections(amqpURL: endpoints.amqpURL, databaseURL: endpoints.databaseURL,
                                            name: name, heartbeatSeconds: endpoints.heartbeatSeconds, consume: nil)
        let publisher = OutboxPublisher(schema: schema, log: log)
        var backoff = Backoff()
        var lastLagCheck = ContinuousClock.now - .seconds(10)
        while !stopSignal.isStopped {
            do {
                try connections.connect()
                connected.store(true, ordering: .relaxed)
                let published = try publisher.publishStale(olderThan: grace, limit: batchSize,
                                                           db: try connections.database(), bus: try connections.publisher())
                if published > 0 { log.info("relayed outbox rows", ["count": String(published)]) }
                if ContinuousClock.now - lastLagCheck >= .seconds(1) {
                    try updateLag(connections)
                    lastLagCheck = .now
                }
                backoff.reset()
                if published < batchSize {
                    connections.heartbeat()
                    doorbell.wait(idleInterval)
                }
            } catch {
                connected.store(false, ordering: .relaxed)
                let delay = backoff.next()
                log.warning("outbox relay lost a connection; reconnecting",
                            ["error": String(describing: error), "retry_in_ms": String(Int(delay.seconds * 1000))])
                connections.close()
                stopSignal.wait(delay)
            }
        }
        flush(connections, publisher)
        connections.close()
        connected.store(false, ordering: .relaxed)
        finished.signal()
    }

    /// Publishes every pending row (no grace) before exit; gives up on the first failure
    /// (the rows stay for the next start).
    private func flush(_ connections: WorkerConnections, _ publisher: OutboxPublisher) {
        do {
            try connections.connect()
            while try publisher.publishStale(olderThan: .zero, limit: batchSize, db: try connections.database(),
                                             bus: try connections.publisher()) > 0 {}
            try updateLag(connections)
        } catch {
            log.warning("could not flush the outbox at shutdown; rows stay for the next start",
                        ["error": String(describing: error)])
        }
    }

    private func updateLag(_ connections: WorkerConnections) throws {
        let lag = try publisherLag(connections)
        metrics.outboxPending.set(Double(lag.count))
        metrics.outboxLag.set(lag.oldestAgeSeconds)
    }

    private func publisherLag(_ connections: WorkerConnections) throws -> (count: Int, oldestAgeSeconds: Double) {
        try Store.Outbox(schema: schema).lag(on: try connections.database())
    }
}
