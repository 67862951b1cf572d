import Foundation
import HTTPServer

/// A stateful, strict stand-in for `api.stripe.com` in test mode, keeping everything in
/// memory (DESIGN §8). Serves `/v1/...` like Stripe and `/sim/...` hosted pages (account
/// links, Checkout) that a test can "complete".
///
/// Thread-safety: every member may be called from any thread. Requests arrive on the HTTP
/// server's threads; all state changes happen under one lock; webhooks are delivered on a
/// thread of their own; delayed payment outcomes run on a private dispatch queue.
public final class StripeSimulator: @unchecked Sendable {
    let config: SimulatorConfig
    let lock = NSLock()
    let state: SimState
    let routes: Router<Endpoint>
    let faultInjector: FaultInjector
    let log: RequestLog
    let dispatcher: WebhookDispatcher
    let metrics = SimMetrics()
    let delayedJobs = DispatchQueue(label: "stripe-sim.delayed")
    private var server: HTTPServer?

    /// Builds a simulator; nothing listens until ``start(port:)``.
    public init(config: SimulatorConfig = SimulatorConfig()) {
        self.config = config
        let state = SimState(config: config)
        self.state = state
        self.routes = APIRoutes.make()
        self.faultInjector = FaultInjector(settings: config.faults)
        self.log = RequestLog(path: config.logFile)
        self.dispatcher = WebhookDispatcher(
            retryDelays: config.webhookRetryDelaysSeconds, timeoutSeconds: config.webhookTimeoutSeconds,
            clock: { Int(Date().timeIntervalSince1970) })
        for endpoint in config.webhookEndpoints {
            state.endpoints.append(SimState.Endpoint(id: SimIDs.make("we"), config: endpoint))
        }
    }

    /// Starts listening on 127.0.0.1:`port` (0 = a free port) and returns the real port.
    /// - Throws: `HTTPServerError` when the port cannot be bound.
    @discardableResult
    public func start(port: UInt16 = 0) throws -> UInt16 {
        let server = try HTTPServer(host: !config.listenOnAllInterfaces, port: port, threading: .pool(config.threads),
                                    maxBodyBytes: 1 << 20) { [weak self] request in
            self?.handle(request) ?? .text(503, "stopping")
        }
        lock.lock()
        self.server = server
        state.baseURL = config.publicBaseURL ?? "http://127.0.0.1:\(server.port)"
        lock.unlock()
        dispatcher.start()
        return server.port
    }

    /// Stops the HTTP server and webhook delivery; closes the log file. Idempotent.
    public func stop() {
        lock.lock()
        let server = self.server
        self.server = nil
        lock.unlock()
        server?.stop()
        dispatcher.stop()
        log.close()
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
        let id = SimIDs.make("we")
        lock.lock()
        state.endpoints.append(SimState.Endpoint(id: id, config: endpoint))
        lock.unlock()
        return id
    }

    /// Events of the platform (`account` nil) or of one connected account, newest first.
    public func events(account: String? = nil) -> [JSONValue] {
        lock.lock()
        defer { lock.unlock() }
        return state.list(type: "event", scope: account ?? SimState.platform)
    }

    /// Any stored object by id, whatever account it belongs to.
    public func object(id: String) -> JSONValue? {
        lock.lock()
        defer { lock.unlock() }
        return state.lookup(id)?.value
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

    /// Moves the simulator's clock forward (expires account links, sessions) without waiting.
    public func advanceClock(bySeconds seconds: Int) {
        lock.lock()
        state.clockOffset += seconds
        lock.unlock()
    }

    deinit { stop() }
}
