import Foundation
import HTTPServer

/// A stateful, strict stand-in for `api.stripe.com` in test mode, keeping everything in
/// memory (DESIGN §8). Serves `/v1/...` like Stripe, `/sim/...` pages (account links,
/// Checkout, PaymentSheet, reader console) for scripts and people, and the control plane
/// (`/sim/clock`, `/sim/faults`, `/sim/webhooks/…`, `/sim/snapshot`, …).
///
/// Thread-safety: every member may be called from any thread. Requests arrive on the HTTP
/// server's threads; all state changes happen under one lock; webhooks are delivered on a
/// thread of their own; scheduled work (delayed payment outcomes) runs on the scheduler's
/// thread when the ``clock`` reaches it.
public final class StripeSimulator: @unchecked Sendable {
    let config: SimulatorConfig
    let lock = NSLock()
    let state: SimState
    let routes: PathTable<Endpoint>
    let faultInjector: FaultInjector
    let log: RequestLog
    /// Every JSON answer of the API, when `--record-responses` names a file.
    let recorder: ResponseRecorder?
    let dispatcher: WebhookDispatcher
    let scheduler: SimScheduler
    /// The one time source of everything time-based (read, advance, freeze: `/sim/clock`).
    public let clock: SimClock
    /// Object ids (seeded: deterministic), request ids and fault draws.
    let ids: IDGenerator
    let requestIds: IDGenerator
    let faultRandom: IDGenerator
    let metrics = SimMetrics()
    /// Stripe's per-key rate limits (SimRateLimits; off unless configured).
    let rateLimiter: SimRateLimiter
    private var server: HTTPServer?

    /// Builds a simulator; nothing listens until ``start(port:)``.
    public init(config: SimulatorConfig = SimulatorConfig()) {
        self.config = config
        let clock = config.clock ?? SimClock()
        if let frozen = config.frozenClockAt { clock.freeze(at: frozen) }
        self.clock = clock
        ids = IDGenerator(seed: config.seed)
        requestIds = IDGenerator(seed: config.seed.map { $0 ^ 0x5EED_0000_0000_0001 })
        faultRandom = IDGenerator(seed: config.seed.map { $0 ^ 0x5EED_0000_0000_0002 })
        let state = SimState(config: config, clock: clock, ids: ids)
        self.state = state
        self.routes = APIRoutes.make()
        self.faultInjector = FaultInjector(settings: config.faults, random: faultRandom)
        self.rateLimiter = SimRateLimiter(limits: config.rateLimits)
        self.log = RequestLog(path: config.logFile)
        self.recorder = config.responseRecordFile.flatMap { ResponseRecorder(path: $0) }
        let lock = self.lock
        self.dispatcher = WebhookDispatcher(
            retryDelays: config.webhookRetryDelaysSeconds, timeoutSeconds: config.webhookTimeoutSeconds,
            clock: clock, ids: faultRandom,
            resolver: { [weak state] endpointId in
                lock.lock()
                defer { lock.unlock() }
                guard let state, let endpoint = state.endpoints.first(where: { $0.id == endpointId }) else { return nil }
                return (endpoint.config.url, endpoint.signingSecrets(now: state.now), endpoint.config.skipVerify)
            },
            observer: { [weak state] record in
                guard (200..<300).contains(record.status), let state else { return }
                lock.lock()
                state.markDelivered(eventId: record.eventId, endpointId: record.endpointId)
                lock.unlock()
            })
        scheduler = SimScheduler(clock: clock)
        SimIDs.withGenerator(ids) {
            for endpoint in config.webhookEndpoints {
                state.endpoints.append(SimState.Endpoint(id: SimIDs.make("we"), config: endpoint))
            }
        }
        scheduler.tick = { [weak self] in self?.runDueJobs() }
        clock.observe { [weak self] in self?.scheduler.wake() }
    }

    /// Runs `body` holding the state lock, with this simulator's id generator.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try SimIDs.withGenerator(ids, body)
    }

    /// Starts listening on 127.0.0.1:`port` (0 = a free port) and returns the real port.
    /// - Throws: `HTTPServerError` when the port cannot be bound.
    @discardableResult
    public func start(port: UInt16 = 0) throws -> UInt16 {
        let server = try HTTPServer(
            host: !config.listenOnAllInterfaces, port: port, threading: .pool(config.threads),
            maxBodyBytes: 1 << 20
        ) { [weak self] request in
            self?.handle(request) ?? .text(503, "stopping")
        }
        lock.lock()
        self.server = server
        state.baseURL = config.publicBaseURL ?? "http://127.0.0.1:\(server.port)"
        lock.unlock()
        dispatcher.start()
        scheduler.start()
        return server.port
    }

    /// Stops the HTTP server (its requests in progress answered), then webhook delivery and
    /// the scheduler, returning once their threads have ended (the delivery in progress
    /// finishes first: at most its timeout); closes the log file. Idempotent. A process may
    /// `exit` as soon as it returns: no thread of the simulator is left in libcurl or in
    /// the state.
    public func stop() {
        lock.lock()
        let server = self.server
        self.server = nil
        lock.unlock()
        server?.stop()
        dispatcher.stop()
        scheduler.stop()
        log.close()
        recorder?.close()
    }

    /// `http://127.0.0.1:<port>` once started (the value to use as the Stripe API base).
    public var baseURL: String {
        lock.lock()
        defer { lock.unlock() }
        return state.baseURL
    }

    /// Every request answered so far (also written to the log file when configured).
    public var requestLog: [RequestLogEntry] { log.all }

    /// Webhook delivery attempts so far.
    public var webhookDeliveries: [WebhookDeliveryRecord] { dispatcher.deliveries }

    /// How many objects of a Stripe type (`"payment_intent"`, `"customer"`, `"event"`, …)
    /// were created, across every account.
    public func count(objectType: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return state.count(type: objectType)
    }

    /// Fault injection settings, changeable while running.
    public var faults: FaultSettings {
        get { faultInjector.current }
        set { faultInjector.current = newValue }
    }

    /// Registers a webhook endpoint (as `POST /v1/webhook_endpoints` does) and returns its id.
    @discardableResult
    public func addWebhookEndpoint(_ endpoint: WebhookEndpointConfig) -> String {
        locked {
            let id = SimIDs.make("we")
            state.endpoints.append(SimState.Endpoint(id: id, config: endpoint))
            return id
        }
    }

    /// Events of the platform (`account` nil) or of one connected account, newest first.
    public func events(account: String? = nil) -> [JSONValue] {
        lock.lock()
        defer { lock.unlock() }
        return state.list(type: "event", scope: account ?? SimState.platform)
    }

    /// The events of `account` (nil: the platform) as a webhook endpoint with `apiVersion`
    /// receives them: payloads in that version's shapes and `api_version` set to it.
    public func events(account: String? = nil, apiVersion: String) -> [JSONValue] {
        let version = SimAPIVersion(raw: apiVersion)
        return events(account: account).map { event in
            var rendered = version.render(event)
            rendered["api_version"] = .string(apiVersion)
            return rendered
        }
    }

    /// Any stored object by id, whatever account it belongs to.
    public func object(id: String) -> JSONValue? {
        lock.lock()
        defer { lock.unlock() }
        return state.lookup(id)?.value
    }

    /// Every stored object of `type` (`dispute`, `charge`, …), whatever account it belongs to,
    /// newest first.
    public func objects(type: String) -> [JSONValue] {
        lock.lock()
        defer { lock.unlock() }
        return state.objects.values.filter { $0.type == type }.sorted { $0.sequence > $1.sequence }.map(\.value)
    }

    /// Takes a reader offline (`status: offline`: its actions answer 400
    /// `terminal_reader_offline`, as a real reader that lost power or network does) or back
    /// online. Does nothing for an unknown id.
    public func setReaderStatus(_ id: String, online: Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard var reader = state.lookup(id)?.value, reader["object"]?.stringValue == "terminal.reader" else { return }
        reader["status"] = online ? "online" : "offline"
        state.replace(reader)
    }

    /// Moves the simulator's clock forward without waiting: account links, sessions and
    /// authorizations expire, delayed settlements and webhook retries fall due.
    public func advanceClock(bySeconds seconds: Int) {
        clock.advance(by: Double(seconds))
        sweep()
    }

    deinit { stop() }
}
