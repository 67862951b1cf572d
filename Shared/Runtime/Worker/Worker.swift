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
import StripeAPI
import Synchronization

/// One worker: a dedicated `Thread` that owns its connections (consume, publish with
/// confirms, Postgres) and its Stripe client, and consumes one route's queue until stopped.
///
/// Batched routes take up to the prefetch of deliveries that are already available (the
/// first awaited for up to the poll interval, the rest without waiting) and process them
/// with ``BatchProcessor``; Stripe-bound routes take one at a time (prefetch 1) with
/// ``StripeBoundProcessor``. After a broker or database failure the worker closes its
/// connections and reconnects with capped backoff; it never exits on an outage.
/// On stop it finishes the batch in hand, cancels its consumer and closes its connections.
///
/// Thread-safety: `Sendable` handle; all C handles live on the worker thread.
final class Worker: Sendable {
    /// How to reach the servers; shared by a host's workers.
    struct Endpoints: Sendable {
        let amqpURL: AMQPURL
        let databaseURL: String
        let heartbeatSeconds: Int
    }

    let settings: WorkerSettings
    let endpoints: Endpoints
    let name: String
    private let config: ServiceConfig
    private let rateLimiter: StripeRateLimiter
    private let makeStripe: @Sendable (ServiceConfig) throws -> StripeClient
    private let stopSignal: StopSignal
    private let connected = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(settings: WorkerSettings, endpoints: Endpoints, name: String, config: ServiceConfig,
         rateLimiter: StripeRateLimiter, makeStripe: @escaping @Sendable (ServiceConfig) throws -> StripeClient,
         stopSignal: StopSignal) {
        self.settings = settings
        self.endpoints = endpoints
        self.name = name
        self.config = config
        self.rateLimiter = rateLimiter
        self.makeStripe = makeStripe
        self.stopSignal = stopSignal
    }

    /// Whether the worker's connections are up (for `/readyz`).
    var isConnected: Bool { connected.load(ordering: .relaxed) }

    /// Starts the thread.
    func start() {
        DedicatedThread.start(name: name) { [self] in run() }
    }

    /// Waits until the thread has finished; `false` on timeout.
    func join(timeout: Duration) -> Bool {
        finished.wait(timeout: .now() + .milliseconds(Int(timeout.seconds * 1000))) == .success
    }

    private func run() {
        let prefetch = UInt16(clamping: max(settings.prefetch, settings.batchSize))
        let connections = WorkerConnections(amqpURL: endpoints.amqpURL, databaseURL: endpoints.databaseURL,
                                            name: name, heartbeatSeconds: endpoints.heartbeatSeconds,
                                            consume: (settings.route.queue, prefetch))
        let resources = WorkerResources(config: config, rateLimiter: rateLimiter, metrics: settings.metrics,
                                        makeStripe: makeStripe, heartbeat: { connections.heartbeat() })
        resources.stripePriority = settings.route.stripePriority
        let failures = FailurePublisher(appId: settings.appId, metrics: settings.metrics, log: settings.log)
        let outbox = OutboxPublisher(schema: settings.schema, log: settings.log)
        guard let store = try? BatchStore(schema: settings.schema) else {
            settings.log.error("invalid schema name; worker not started", ["schema": settings.schema])
            finished.signal()
            return
        }
        let batched = BatchProcessor(settings: settings, resources: resources, failures: failures, outbox: outbox,
                                     store: store)
        let single = StripeBoundProcessor(settings: settings, resources: resources, failures: failures, outbox: outbox,
                                          store: store)
        var backoff = Backoff()
        while !stopSignal.isStopped {
            do {
                try connections.connect()
                connected.store(true, ordering: .relaxed)
                let batch = try take(from: connections.consumer())
                if batch.isEmpty {
                    connections.heartbeat()
                    continue
                }
                if settings.route.mode == .batched {
                    try batched.process(batch, connections: connections)
                } else {
                    for delivery in batch { try single.process(delivery, connections: connections) }
                }
                backoff.reset()
            } catch {
                connected.store(false, ordering: .relaxed)
                let delay = backoff.next()
                settings.log.warning("worker lost a connection; reconnecting",
                                     ["worker": name, "error": String(describing: error),
                                      "retry_in_ms": String(Int(delay.seconds * 1000))])
                connections.close()
                stopSignal.wait(delay)
            }
        }
        connections.stopConsuming()
        connections.close()
        connected.store(false, ordering: .relaxed)
        finished.signal()
    }

    /// Up to `batchSize` deliveries: the first awaited for the poll interval, the rest only
    /// if already available; a command without a `type` property gets its queue's
    /// (``Route/resolvingType(_:)``).
    private func take(from consumer: AMQPConnection) throws -> [Delivery] {
        guard let first = try consumer.nextDelivery(timeout: settings.pollInterval) else { return [] }
        var batch = [settings.route.resolvingType(first)]
        while batch.count < settings.batchSize, let next = try consumer.nextDelivery(timeout: .zero) {
            batch.append(settings.route.resolvingType(next))
        }
        return batch
    }
}
