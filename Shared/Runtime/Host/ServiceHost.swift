import Bus
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import HTTPServer
public import Store
public import StripeAPI
import Synchronization

/// Runs a service: migrates its schema, declares its topology, starts a worker pool for
/// the selected queues, the outbox relay and the HTTP server, waits for SIGTERM/SIGINT,
/// then drains and exits.
///
/// Start-up retries broker and database connections with capped backoff (the HTTP server
/// already answers `/healthz`, and `/readyz` says 503 meanwhile); it fails only on
/// permanent problems (a broken migration, a queue declared with other arguments, an
/// unknown queue in `--queues`). Shutdown: stop consuming (cancel consumers), finish the
/// batches in hand, flush the outbox, close connections.
///
/// Thread-safety: `Sendable`; call ``run()`` once from the main thread, or
/// ``start()``/``shutdown()`` from tests.
public final class ServiceHost: Sendable {
    /// The service's name (`payments`), used as `app_id` and in connection names.
    public let name: String
    /// The configuration the host runs with.
    public let config: ServiceConfig
    /// The service's Postgres schema (tables `<schema>.inbox`, `<schema>.outbox`, …).
    public let schema: String
    /// All routes of the service (``ServiceConfig/queues`` selects which are consumed).
    public let routes: [Route]
    /// The service's migrations, applied after the runtime's own tables.
    public let migrations: [Migration]
    /// Metrics registry served at `/metrics`.
    public let metrics: RuntimeMetrics
    /// The host's logger.
    public let log: Logger
    let extraHTTP: (@Sendable (HTTPRequest) -> HTTPResponse?)?
    /// The listener of the service's internet-facing routes, when it has one.
    let publicListener: PublicListener?
    let makeStripe: @Sendable (ServiceConfig) throws -> StripeClient
    /// The process's Stripe rate limiter (`STRIPE_RATE_LIMIT`), shared by the workers and
    /// by a service's own threads that call Stripe (e.g. a backfill sweep).
    public let stripeRateLimiter: StripeRateLimiter
    let readiness = Readiness()
    let workerStop = StopSignal()
    private let running = Mutex<RunningParts?>(nil)
    private let shutdownSteps = Mutex<[@Sendable () -> Void]>([])
    private let startedSteps = Mutex<[@Sendable () -> Void]>([])

    /// What ``start()`` started.
    struct RunningParts: @unchecked Sendable {
        var http: HTTPServer?
        var publicHTTP: HTTPServer?
        var workers: [Worker] = []
        var relay: OutboxRelay?
    }

    /// Creates a host.
    /// - Parameters:
    ///   - name: service name.
    ///   - config: configuration (see ``ServiceConfig``).
    ///   - schema: Postgres schema owned by the service.
    ///   - migrations: the service's numbered migrations (versions ≥ 1).
    ///   - routes: every queue the service can consume.
    ///   - http: extra HTTP handler on the operator listener (e.g. Stripe webhooks when they
    ///     have no listener of their own); return `nil` for 404. It also
    ///     gets requests whose body is over the HTTP server's cap, with
    ///     ``HTTPRequest/bodyTooLarge`` set and no body (return `nil` for the runtime's
    ///     `413 {"error":"too_large"}`).
    ///   - publicListener: a second listener for internet-facing routes, apart from the
    ///     operator endpoints (``PublicListener``), started and stopped with the operator one.
    ///   - makeStripe: builds each worker's Stripe client (default: from the configuration).
    ///   - log: logger (default: JSON lines on standard error at the configured level).
    public init(
        name: String, config: ServiceConfig, schema: String, migrations: [Migration] = [],
        routes: [Route], http: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil,
        publicListener: PublicListener? = nil,
        makeStripe: @escaping @Sendable (ServiceConfig) throws -> StripeClient = WorkerResources.defaultStripeClient,
        log: Logger? = nil
    ) {
        self.name = name
        self.config = config
        self.schema = schema
        self.migrations = migrations
        self.routes = routes
        self.extraHTTP = http
        self.publicListener = publicListener
        self.makeStripe = makeStripe
        self.log = log ?? Logger(service: name, level: config.logLevel)
        self.metrics = RuntimeMetrics(registry: MetricsRegistry())
        self.stripeRateLimiter = StripeRateLimiter(
            ratePerSecond: config.stripeRequestsPerSecond,
            fleet: Self.fleetRateLimiter(config, name: name, metrics: metrics, log: self.log))
    }

    /// The port the HTTP server listens on, once started (useful with `HTTP_PORT=0`).
    public var httpPort: UInt16? { running.withLock { $0?.http?.port } }

    /// The port the ``PublicListener`` listens on, once started; `nil` without one.
    public var publicPort: UInt16? { running.withLock { $0?.publicHTTP?.port } }

    /// Runs until SIGTERM/SIGINT; returns the process exit code (0 after a clean drain,
    /// 1 when start-up failed for good).
    public func run() -> Int32 {
        let waiter = SignalWaiter { [self] number in
            log.info("signal received; draining", ["signal": String(number)])
            workerStop.stop()
        }
        defer { waiter.cancel() }
        do {
            try start()
        } catch {
            log.error("start-up failed", ["error": String(describing: error)])
            shutdown()
            return 1
        }
        workerStop.wait(.seconds(Int64.max / 4_000_000_000))
        shutdown()
        log.info("stopped")
        return 0
    }

    /// The routes this process consumes: those named by `--queues`, or all.
    /// - Throws: ``ConfigError`` naming `--queues` when a name is not one of the service's queues.
    public func selectedRoutes() throws(ConfigError) -> [Route] {
        guard let names = config.queues else { return routes }
        let unknown = names.filter { name in !routes.contains { $0.queue == name } }
        guard unknown.isEmpty else {
            throw ConfigError(problems: [
                .init(
                    variable: "--queues",
                    message:
                        "names unknown queue(s) \(unknown.joined(separator: ", ")); known: "
                        + routes.map(\.queue).joined(separator: ", "))
            ])
        }
        return routes.filter { names.contains($0.queue) }
    }

    /// libmicrohttpd threads when `HTTP_THREADS` is unset: one polling thread answers health
    /// and metrics; a service with endpoints of its own (webhook ingress) gets a pool of two,
    /// whose handlers defer the answer of a request waiting on its Postgres commit
    /// (``HTTPResponder``), so it never holds up another connection.
    /// (`HTTP_THREADS=per-connection` gives each connection its own thread, at most
    /// ``perConnectionLimit``, for endpoints whose handlers block.)
    public static func defaultHTTPThreading(serviceEndpoints: Bool) -> HTTPThreading {
        serviceEndpoints ? .pool(2) : .pool(1)
    }

    /// Most simultaneous HTTP connections (and so threads) with a thread per connection.
    public static let perConnectionLimit = 256

    /// Most simultaneous connections of a listener with `threading`: ``perConnectionLimit``
    /// with a thread per connection, else 1,024.
    static func connectionLimit(_ threading: HTTPThreading) -> Int {
        threading == .perConnection ? perConnectionLimit : 1024
    }

    /// Ignores `SIGPIPE` for the process (``BrokenPipe``), starts the HTTP server, migrates,
    /// declares the topology, then starts the relay and the workers. Returns once everything
    /// runs (or the host was asked to stop while waiting for the servers).
    /// - Throws: ``ConfigError``, `BusError`, `StoreError` for permanent start-up failures.
    public func start() throws {
        let selected = try selectedRoutes()
        let amqpURL: AMQPURL
        do { amqpURL = try AMQPURL(config.amqpURL) } catch {
            throw ConfigError(problems: [.init(variable: "AMQP_URL", message: error.message)])
        }
        BrokenPipe.ignore()
        MallocTuning.apply(environment: ProcessInfo.processInfo.environment)
        try startTracing(environment: ProcessInfo.processInfo.environment)
        let endpoints = OperatorEndpoints(readiness: readiness, metrics: metrics.registry, extra: extraHTTP)
        let threading = config.httpThreading ?? Self.defaultHTTPThreading(serviceEndpoints: extraHTTP != nil)
        let http = try HTTPServer(
            host: config.httpLoopbackOnly, port: config.httpPort, threading: threading,
            connectionLimit: Self.connectionLimit(threading),
            onBodyTooLarge: { endpoints.handleTooLarge($0) },
            handler: { endpoints.handle($0) })
        running.withLock { $0 = RunningParts(http: http) }
        var started = ["http_port": String(http.port), "queues": selected.map(\.queue).joined(separator: ",")]
        if let publicListener {
            let publicHTTP = try publicListener.start(metrics: metrics.registry, log: log)
            running.withLock { $0?.publicHTTP = publicHTTP }
            started["\(publicListener.name)_port"] = String(publicHTTP.port)
            started["\(publicListener.name)_bind"] = publicListener.bind.description
            if let sources = publicListener.allowedSources { started["\(publicListener.name)_allowed_sources"] = sources.description }
        }
        log.info("starting", started)
        try StartupSteps(host: self, amqpURL: amqpURL).prepare(routes: routes)
        guard !workerStop.isStopped else { return }
        readiness.markMigrated()
        stripeRateLimiter.fleet?.start()
        let relay = OutboxRelay(
            amqpURL: amqpURL, databaseURL: config.databaseURL, schema: schema,
            name: "\(name).relay", grace: config.relayGrace,
            batchSize: config.relayBatchSize,
            heartbeatSeconds: config.heartbeatSeconds, messageLogRetention: config.messageLogRetention,
            inboxRetention: config.inboxRetention, retainedTables: config.retainedTables,
            messageLogPruneInterval: config.messageLogPruneInterval, metrics: metrics, log: log)
        let workers = makeWorkers(selected, amqpURL: amqpURL)
        readiness.track(workers: workers, relay: relay)
        running.withLock {
            $0?.relay = relay
            $0?.workers = workers
        }
        relay.start()
        workers.forEach { $0.start() }
        for step in startedSteps.withLock({ $0 }) { step() }
    }

    private func makeWorkers(_ selected: [Route], amqpURL: AMQPURL) -> [Worker] {
        let endpoints = Worker.Endpoints(
            amqpURL: amqpURL, databaseURL: config.databaseURL,
            heartbeatSeconds: config.heartbeatSeconds)
        let limiter = stripeRateLimiter
        let policy = RedeliveryPolicy(delays: config.retryDelays)
        return selected.flatMap { route in
            let settings = WorkerSettings(
                route: route, schema: schema, appId: name, policy: policy, metrics: metrics,
                log: log,
                batchSize: route.mode == .batched
                    ? min(config.prefetch, config.batchSize ?? config.prefetch) : max(1, config.stripeBoundPrefetch),
                prefetch: route.mode == .batched ? config.prefetch : config.stripeBoundPrefetch,
                pollInterval: .milliseconds(200))
            return (1...max(1, config.workers)).map { index in
                Worker(
                    settings: settings, endpoints: endpoints, name: "\(name).\(route.queue).\(index)",
                    config: config, rateLimiter: limiter, makeStripe: makeStripe, stopSignal: workerStop)
            }
        }
    }

    /// Registers `step` to run during ``shutdown(timeout:)`` after the HTTP server stopped
    /// (so no request is still using what it closes) and before the relay's last flush, in
    /// registration order — for a service's own threads and connections (e.g. the webhook
    /// ingress's writers).
    public func onShutdown(_ step: @escaping @Sendable () -> Void) {
        shutdownSteps.withLock { $0.append(step) }
    }

    /// Registers `step` to run at the end of ``start()``, once the schema is migrated and the
    /// relay and workers run (for a service's own threads that need its tables, e.g. a
    /// backfill sweep). Not run when start-up fails or stops early.
    public func onStarted(_ step: @escaping @Sendable () -> Void) {
        startedSteps.withLock { $0.append(step) }
    }

    /// Adds `checks` to `/readyz`: asked on every request (on an HTTP thread, so it must be
    /// quick and must not block), listed under `checks`; one that is degraded makes the status
    /// `degraded` while the answer stays 200 (see ``ReadinessCheck``).
    public func addReadinessChecks(_ checks: @escaping @Sendable () -> [ReadinessCheck]) {
        readiness.add(checks)
    }

    /// Wakes the outbox relay now (see ``OutboxRelay/nudge()``); does nothing before
    /// ``start()`` or after ``shutdown(timeout:)``.
    public func nudgeOutboxRelay() {
        running.withLock { $0?.relay }?.nudge()
    }

    /// What the outbox relay published so far (see ``OutboxRelay/statistics``); `nil` before
    /// ``start()`` or after ``shutdown(timeout:)``.
    public var outboxRelayStatistics: OutboxRelay.Statistics? {
        running.withLock { $0?.relay }?.statistics
    }

    /// Asks the workers to stop (as SIGTERM does) without waiting.
    public func requestStop() { workerStop.stop() }

    /// Stops consuming and waits for the workers to finish their batches, stops the HTTP
    /// servers (the public listener first; requests in progress are answered), runs the ``onShutdown(_:)`` steps (also
    /// when the host never started), then flushes the outbox through the relay — so what
    /// workers and endpoints committed is published before the process exits. Idempotent.
    public func shutdown(timeout: Duration = .seconds(60)) {
        workerStop.stop()
        let parts = running.withLock { parts -> RunningParts? in
            defer { parts = nil }
            return parts
        }
        for worker in parts?.workers ?? [] where !worker.join(timeout: timeout) {
            log.warning("worker did not stop in time", ["worker": worker.name])
        }
        parts?.publicHTTP?.stop()
        parts?.http?.stop()
        for step in shutdownSteps.withLock({ steps in
            defer { steps = [] }; return steps
        }) { step() }
        parts?.relay?.stop(timeout: timeout)
        stripeRateLimiter.fleet?.stop()
        stopTracing()
    }
}
