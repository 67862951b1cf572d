import Bus
import Foundation
import Synchronization
import Messages
import Runtime
import Store
import StripeAPI
import StripeSimCore
import TerminalGateway
import TestKit

/// One integration test's world: stripe-sim in-process on a free port, the terminal-gateway
/// ServiceHost on a unique schema (real queue names: integration tests run one at a time),
/// a monitor queue on `terminal.#` and a reply queue of its own.
final class TerminalTestBed: ServiceTestBed {
    static let apiKey = "sk_test_terminal_integration"
    let env: IntegrationEnvironment
    let schema: String
    let sim: StripeSimulator
    let host: ServiceHost
    let monitor: EventMonitor
    let commands: CommandChannel
    let published = PublishedEvents()

    enum Failure: Error { case notEnabled, stripe(String) }

    /// The gateway's reconciliation decides by the simulator's clock (``simClock``), so tests
    /// move time with `sim.advanceClock` instead of waiting.
    init(settings: TerminalGatewaySettings = TerminalGatewaySettings()) throws {
        guard let env = IntegrationEnvironment.current else { throw Failure.notEnabled }
        self.env = env
        sim = StripeSimulator()
        try sim.start()
        schema = IntegrationEnvironment.uniqueName("term_it")
        let config = Self.config(env: env, sim: sim)
        var settings = settings
        settings.clock = Self.clock(of: sim)
        // The host starts its reconciliation scheduler as in production, with both schedules
        // off (`RECONCILE_LOCAL_TIME=off`, no interval): the tests move the simulator's clock
        // by days and run schedulers of their own, which the host's would race.
        settings.reconcileLocalTime = nil
        settings.reconcileIntervalSeconds = 0
        host = try TerminalGatewayService.make(config: config, schema: schema, settings: settings)
        monitor = try EventMonitor(
            url: env.amqpURL, queue: IntegrationEnvironment.uniqueName("term_monitor"),
            patterns: ["terminal.#"], connectionName: "terminal-tests.monitor")
        commands = try CommandChannel(
            url: env.amqpURL, replyQueue: IntegrationEnvironment.uniqueName("term_replies"),
            appId: "terminal-tests")
    }

    /// The simulator's clock as the gateway's reconciliation clock.
    static func clock(of sim: StripeSimulator) -> TerminalClock {
        let clock = sim.clock
        return TerminalClock(name: "stripe-sim") { Int(clock.now) }
    }

    /// The service configuration the tests run with (one worker per queue).
    static func config(env: IntegrationEnvironment, sim: StripeSimulator) -> ServiceConfig {
        ServiceConfig(
            service: TerminalGatewayService.name, amqpURL: env.amqpURL, databaseURL: env.databaseURL,
            stripeAPIKey: apiKey, stripeAPIBase: sim.baseURL, workers: 1, httpPort: 0,
            relayGrace: .milliseconds(500), logLevel: .warning)
    }

    let testName = "terminal-tests"
    var serviceQueues: [String] { host.routes.map(\.queue) }
    func startService() throws { try host.start() }
    func stopService() {
        host.shutdown()
        sim.stop()
    }

    /// Runs `body` against a started test bed and always stops it afterwards.
    static func run(_ body: (TerminalTestBed) async throws -> Void) async throws {
        try await run(making: { try TerminalTestBed() }, body)
    }

    /// Runs `body` against a test bed whose gateway has `settings`.
    static func run(settings: TerminalGatewaySettings, _ body: (TerminalTestBed) async throws -> Void) async throws {
        try await run(making: { try TerminalTestBed(settings: settings) }, body)
    }

    /// The stored payment of `paymentIntent` (admin connection), or nil.
    func payment(_ paymentIntent: String) throws -> TerminalPayment? {
        let db = try PGConnection(url: env.databaseURL, applicationName: "terminal-tests")
        return try PaymentStore(schema: try SQLIdentifier(schema)).find(paymentIntent: paymentIntent, on: db)
    }

    /// Successful, non-replayed requests `method path` the simulator answered.
    func performed(_ method: String, _ path: String) -> Int {
        sim.requestLog.filter { $0.method == method && $0.path == path && $0.status == 200 && !$0.replayed }.count
    }

    /// Every request `method path` the simulator saw, replays and failures included.
    func requests(_ method: String, _ path: String) -> [RequestLogEntry] {
        sim.requestLog.filter { $0.method == method && $0.path == path }
    }
}

/// The ids of the Stripe events a test already re-published (each is published once, as the
/// notifications service dedupes by event id).
final class PublishedEvents: Sendable {
    private let ids = Mutex<Set<String>>([])

    /// Whether `id` was new (and records it).
    func insert(_ id: String) -> Bool { ids.withLock { $0.insert(id).inserted } }
}
