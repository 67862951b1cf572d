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
import StripeAPI
import Synchronization

/// One worker: a ``BackgroundLoop`` whose thread owns its connections (consume, publish with
/// confirms, Postgres) and its Stripe client, and consumes one route's queue until stopped.
///
/// Batched routes take up to the prefetch of deliveries that are already available (the
/// first awaited for up to the poll interval, the rest without waiting) and process them
/// with ``BatchProcessor``; one-at-a-time routes take the deliveries already available (up
/// to `STRIPE_BOUND_PREFETCH`) and handle them one at a time, each in its own transaction,
/// with ``OneAtATimeProcessor``, settling their confirms and acks together (``PendingAcks``). After a broker or database failure the worker closes its
/// connections and reconnects with capped backoff; it never exits on an outage.
/// On stop it finishes the batch in hand, cancels its consumer and closes its connections.
///
/// Thread-safety: `Sendable` handle; all C handles live on the worker thread.
final class Worker: ServicePart {
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
    private let loop: BackgroundLoop
    private let connected = Atomic<Bool>(false)

    init(
        settings: WorkerSettings, endpoints: Endpoints, name: String, config: ServiceConfig,
        rateLimiter: StripeRateLimiter, makeStripe: @escaping @Sendable (ServiceConfig) throws -> StripeClient,
        stopSignal: StopSignal
    ) {
        self.settings = settings
        self.endpoints = endpoints
        self.name = name
        self.config = config
        self.rateLimiter = rateLimiter
        self.makeStripe = makeStripe
        loop = BackgroundLoop(name: name, stopSignal: stopSignal)
    }

    /// Whether the worker's connections are up (for `/readyz`).
    var isConnected: Bool { connected.load(ordering: .relaxed) }

    /// Starts the thread.
    /// - Throws: ``ServicePartError`` when the system refused the thread.
    func start() throws {
        try loop.start(part: name) { [self] in WorkerTask(worker: self) }
    }

    /// Stops consuming: the batch in hand finishes, then the consumer is cancelled and the
    /// connections closed. The host's workers share one stop signal, so this stops them all
    /// (as SIGTERM does).
    func stop() { loop.stop() }

    /// Waits until the thread has finished; `false` on timeout.
    @discardableResult
    func join(timeout: Duration) -> Bool {
        loop.join(timeout: timeout)
    }

    /// The worker's thread: connect, take a batch (or one delivery) and process it; after
    /// a failure close the connections and reconnect with backoff; at stop cancel the
    /// consumer and close.
    ///
    /// Its methods are `@inline(never)`: inlined into the loop (and the processors into
    /// `step()`) they made one 14.5 KB stack frame that every idle worker keeps resident
    /// (Shared/Runtime/README.md, "Memory"); a call per step costs nothing measurable.
    private struct WorkerTask: BackgroundTask {
        let worker: Worker
        let connections: WorkerConnections
        let batched: BatchProcessor?
        let single: OneAtATimeProcessor?
        let published = PublishedRows()

        @inline(never)
        init(worker: Worker) {
            self.worker = worker
            let settings = worker.settings
            let prefetch = UInt16(clamping: max(settings.prefetch, settings.batchSize))
            let connections = WorkerConnections(
                amqpURL: worker.endpoints.amqpURL,
                databaseURL: worker.endpoints.databaseURL, name: worker.name,
                heartbeatSeconds: worker.endpoints.heartbeatSeconds,
                consume: (settings.route.queue, prefetch))
            self.connections = connections
            let resources = WorkerResources(
                config: worker.config, rateLimiter: worker.rateLimiter,
                metrics: settings.metrics, makeStripe: worker.makeStripe,
                heartbeat: { connections.heartbeat() })
            resources.stripePriority = settings.route.stripePriority
            let failures = FailurePublisher(appId: settings.appId, metrics: settings.metrics, log: settings.log)
            let outbox = OutboxPublisher(schema: settings.schema, log: settings.log, relayGrace: worker.config.relayGrace)
            let inbox = Inbox(schema: settings.schema)
            if (try? SQLIdentifier(settings.schema)) == nil {
                settings.log.error("invalid schema name; worker not started", ["schema": settings.schema])
                batched = nil
                single = nil
            } else {
                batched = BatchProcessor(
                    settings: settings, resources: resources, failures: failures, outbox: outbox,
                    inbox: inbox, published: published)
                single = OneAtATimeProcessor(
                    settings: settings, resources: resources, failures: failures,
                    outbox: outbox, inbox: inbox, published: published)
            }
        }

        @inline(never)
        func connect() throws {
            guard batched != nil else { return }  // Invalid schema: the step ends the loop.
            try connections.connect()
            worker.connected.store(true, ordering: .relaxed)
        }

        @inline(never)
        func step() throws -> BackgroundLoop.Next {
            guard let batched, let single else { return .finished }
            let batch = try worker.take(from: connections.consumer(), whenIdle: { flushPublished() })
            if batch.isEmpty {
                connections.heartbeat()
                return .again
            }
            if worker.settings.route.mode == .batched {
                try batched.process(batch, connections: connections)
            } else {
                let pending = PendingAcks()
                for delivery in batch {
                    if pending.isDue() { try single.settle(pending, connections: connections) }
                    try single.process(delivery, connections: connections, pending: pending)
                }
                try single.settle(pending, connections: connections)
            }
            return .again
        }

        @inline(never)
        func failed(_ error: any Error, retryIn delay: Duration) {
            worker.connected.store(false, ordering: .relaxed)
            worker.settings.log.warning(
                "worker lost a connection; reconnecting",
                [
                    "worker": worker.name, "error": String(describing: error),
                    "retry_in_ms": String(Int(delay.seconds * 1000)),
                ])
            connections.close()
        }

        @inline(never)
        func finish() {
            connections.stopConsuming()
            flushPublished()
            connections.close()
            worker.connected.store(false, ordering: .relaxed)
        }

        /// Deletes the rows this worker published and has not deleted yet (no statement of
        /// the next delivery will). A failure is logged; the ids stay for the next statement.
        @inline(never)
        private func flushPublished() {
            guard !published.isEmpty else { return }
            do {
                try published.flush(OutboxDrain(schema: worker.settings.schema), on: try connections.database())
            } catch {
                worker.settings.log.warning(
                    "could not delete published outbox rows; the next statement will",
                    ["worker": worker.name, "error": String(describing: error)])
            }
        }
    }

    /// Up to `batchSize` deliveries: the first awaited for the poll interval, the rest only
    /// if already available; a command without a `type` property gets its queue's
    /// (``Route/resolvingType(_:)``).
    /// `whenIdle` runs first when no delivery is waiting: the published rows' deletion, at
    /// once, so a relay with no grace period (notifications') rarely finds them.
    /// Each delivery is taken by ``appendNext(from:timeout:to:)``, so this loop's frame holds
    /// no `Delivery` of its own (an idle worker keeps it resident: Shared/Runtime/README.md
    /// "Memory").
    private func take(from consumer: AMQPConnection, whenIdle: () -> Void) throws -> [Delivery] {
        var batch: [Delivery] = []
        if try !appendNext(from: consumer, timeout: .zero, to: &batch) {
            whenIdle()
            guard try appendNext(from: consumer, timeout: settings.pollInterval, to: &batch) else { return [] }
        }
        while batch.count < settings.batchSize, try appendNext(from: consumer, timeout: .zero, to: &batch) {}
        return batch
    }

    /// Appends the next delivery (waiting up to `timeout`), its type resolved; `false` when
    /// none came.
    @inline(never)
    private func appendNext(from consumer: AMQPConnection, timeout: Duration, to batch: inout [Delivery]) throws -> Bool {
        guard let next = try consumer.nextDelivery(timeout: timeout) else { return false }
        batch.append(settings.route.resolvingType(next))
        return true
    }
}
