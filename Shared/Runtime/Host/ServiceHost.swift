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
/// already answers `/healthz`, and `/readyz` says 503 meanwhile); the parts that need no
/// broker (``ServicePart/needsBroker``: the webhook ingress) start once the schema is
/// migrated, so they serve while the broker is unreachable (`/readyz/ingress`); it fails only on
/// permanent problems (a broken migration, a queue declared with other arguments, an
/// unknown queue in `--queues`). Shutdown: stop consuming (cancel consumers), stop the HTTP
/// servers, then stop the parts in reverse start order (the workers finish the batches in
/// hand, the relay flushes the outbox), closing connections. ARCHITECTURE.md "Lifecycle".
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
    /// The service's own parts, in the order its host function added them.
    private let ownParts: Mutex<[any ServicePart]>
    private let relayWakeup: RelayWakeup
    /// The service's parts that need no broker, started right after the migrations.
    private let ingressParts: ServicePartSequence
    /// The runtime's parts and the service's other ones, started once the topology is declared.
    private let parts: ServicePartSequence

    /// What ``start()`` started besides the parts.
    struct RunningParts: @unchecked Sendable {
        var http: HTTPServer?
        var publicHTTP: HTTPServer?
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
    public convenience init(
        name: String, config: ServiceConfig, schema: String, migrations: [Migration] = [],
        routes: [Route], http: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil,
        publicListener: PublicListener? = nil,
        makeStripe: @escaping @Sendable (ServiceConfig) throws -> StripeClient = WorkerResources.defaultStripeClient,
        log: Logger? = nil
    ) {
        self.init(
            resources: HostResources(name: name, config: config, log: log), schema: schema, migrations: migrations,
            routes: routes, http: http, publicListener: publicListener, makeStripe: makeStripe)
    }

    /// Creates a host from `resources` made first, so the service's own `parts` (and the
    /// routes and endpoints that call them) could use them (``HostResources``).
    /// - Parameters:
    ///   - parts: the service's own parts, in this order (as if ``add(_:)``ed): those that need
    ///     no broker right after the migrations, the others after the runtime's.
    ///   - the others: as in ``init(name:config:schema:migrations:routes:http:publicListener:makeStripe:log:)``.
    public init(
        resources: HostResources, schema: String, migrations: [Migration] = [],
        routes: [Route], http: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil,
        publicListener: PublicListener? = nil, parts: [any ServicePart] = [],
        makeStripe: @escaping @Sendable (ServiceConfig) throws -> StripeClient = WorkerResources.defaultStripeClient
    ) {
        self.name = resources.name
        self.config = resources.config
        self.schema = schema
        self.migrations = migrations
        self.routes = routes
        self.extraHTTP = http
        self.publicListener = publicListener
        self.makeStripe = makeStripe
        self.log = resources.log
        self.ingressParts = ServicePartSequence(log: resources.log)
        self.parts = ServicePartSequence(log: resources.log)
        self.ownParts = Mutex(parts)
        self.metrics = resources.metrics
        self.stripeRateLimiter = resources.stripeRateLimiter
        self.relayWakeup = resources.relayWakeup
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

    /// Ignores `SIGPIPE` for the process (``BrokenPipe``), starts the HTTP servers, migrates,
    /// starts the service's parts that need no broker (``ServicePart/needsBroker``, in the
    /// order they were added), declares the topology, then starts the other parts in order: the span
    /// exporter (with `OTEL_EXPORTER_OTLP_ENDPOINT`), the fleet rate limiter (with
    /// `STRIPE_RATE_LIMITS`), the outbox relay, the retention thread (``RetentionSweeper``,
    /// when some retention is on), the workers, then the service's other ones in the
    /// order they were added (``add(_:)``). Returns once everything runs (or the host was
    /// asked to stop while waiting for the servers).
    /// - Throws: ``ConfigError``, `BusError`, `StoreError` for permanent start-up failures;
    ///   a part's start error (``ServicePartError``) after the parts started before it were
    ///   stopped in reverse.
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
        let own = ownParts.withLock { $0 }
        let ingress = own.filter { !$0.needsBroker }
        if !ingress.isEmpty { readiness.expectIngress() }
        log.info("starting", started)
        if let warning = RedeliveryPolicy.brokerLimitWarning(config.redeliveryLimit) { log.warning(warning) }
        let steps = StartupSteps(host: self, amqpURL: amqpURL)
        try steps.migrate()
        guard !workerStop.isStopped else { return }
        readiness.markMigrated()
        if !ingress.isEmpty {
            try ingressParts.start(ingress)
            guard !workerStop.isStopped else { return }
            readiness.markIngressStarted()
            log.info("serving before the broker", ["parts": ingress.map(\.name).joined(separator: ",")])
        }
        try steps.declareTopology(routes: routes)
        guard !workerStop.isStopped else { return }
        let relay = OutboxRelay(
            amqpURL: amqpURL, databaseURL: config.databaseURL, schema: schema,
            name: "\(name).relay", grace: config.relayGrace,
            batchSize: config.relayBatchSize, linger: config.relayLinger,
            heartbeatSeconds: config.heartbeatSeconds, metrics: metrics, log: log, wakeup: relayWakeup)
        let workers = makeWorkers(selected, amqpURL: amqpURL)
        readiness.track(workers: workers, relay: relay)
        running.withLock { $0?.relay = relay }
        var runtimeParts: [any ServicePart] = []
        if let exporter = installedTracer?.exporter { runtimeParts.append(exporter) }
        if let fleet = stripeRateLimiter.fleet { runtimeParts.append(fleet) }
        runtimeParts.append(relay)
        let retained = RetentionSweeper.tables(config)
        if !retained.isEmpty {
            runtimeParts.append(
                RetentionSweeper(
                    databaseURL: config.databaseURL, schema: schema, tables: retained,
                    interval: config.messageLogPruneInterval, name: "\(name).retention", log: log))
        }
        runtimeParts += workers
        try parts.start(runtimeParts + own.filter(\.needsBroker))
    }

    private func makeWorkers(_ selected: [Route], amqpURL: AMQPURL) -> [Worker] {
        let endpoints = Worker.Endpoints(
            amqpURL: amqpURL, databaseURL: config.databaseURL,
            heartbeatSeconds: config.heartbeatSeconds)
        let limiter = stripeRateLimiter
        let policy = RedeliveryPolicy(delays: config.retryDelays, redeliveryLimit: config.redeliveryLimit)
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

    /// Adds `part` to the service's own parts: ``start()`` starts them in the order they were
    /// added, those that need no broker (``ServicePart/needsBroker``) right after the
    /// migrations, the others after the runtime's parts (the span exporter, the fleet rate
    /// limiter, the outbox relay, the retention thread, the workers); ``shutdown(timeout:)``
    /// stops them in reverse, before the runtime's (those that need no broker first). Call it
    /// from the service's host function, before ``start()`` (a part added later is not started).
    public func add(_ part: any ServicePart) {
        ownParts.withLock { $0.append(part) }
    }

    /// The names of the parts running now, in start order (empty before ``start()`` reached
    /// them and after ``shutdown(timeout:)``).
    public var runningPartNames: [String] { ingressParts.startedNames + parts.startedNames }

    /// Adds `checks` to `/readyz`: asked on every request (on an HTTP thread, so it must be
    /// quick and must not block), listed under `checks`; one that is degraded makes the status
    /// `degraded` while the answer stays 200 (see ``ReadinessCheck``).
    public func addReadinessChecks(_ checks: @escaping @Sendable () -> [ReadinessCheck]) {
        readiness.add(checks)
    }

    /// Wakes the outbox relay now (see ``OutboxRelay/nudge()``); before ``start()`` the ring is
    /// remembered for the relay's first pass.
    public func nudgeOutboxRelay() {
        relayWakeup.ring()
    }

    /// What the outbox relay published so far (see ``OutboxRelay/statistics``); `nil` before
    /// ``start()`` or after ``shutdown(timeout:)``.
    public var outboxRelayStatistics: OutboxRelay.Statistics? {
        running.withLock { $0?.relay }?.statistics
    }

    /// Asks the workers to stop (as SIGTERM does) without waiting.
    public func requestStop() { workerStop.stop() }

    /// Stops consuming, stops the HTTP servers (the public listener first; requests in
    /// progress are answered, so no request still uses a part), then stops the parts in
    /// reverse start order, each joined before the next is asked, within `timeout` for all:
    /// the service's own (first those that need no broker: the webhook ingress commits what
    /// it accepted), the workers
    /// (they finish their batches), the retention thread, the relay (its last flush publishes what the workers and
    /// endpoints committed), the fleet rate limiter, the span exporter (it sends what is
    /// queued). Idempotent.
    public func shutdown(timeout: Duration = .seconds(60)) {
        workerStop.stop()
        let servers = running.withLock { parts -> RunningParts? in
            defer { parts = nil }
            return parts
        }
        servers?.publicHTTP?.stop()
        servers?.http?.stop()
        let deadline = ContinuousClock.now + timeout
        ingressParts.stop(timeout: timeout)
        parts.stop(timeout: max(.zero, deadline - .now))
        stopTracing()
    }
}
