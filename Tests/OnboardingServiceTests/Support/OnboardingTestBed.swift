import Bus
import Foundation
import Messages
import OnboardingService
import Runtime
import Store
import StripeAPI
import StripeSimCore
import TestKit

/// One integration test's world: stripe-sim in-process on a free port, the onboarding
/// ServiceHost on a unique schema (real queue names: integration tests run one at a time),
/// a monitor queue on `onboarding.account.#` and `onboarding.payout.#` and a reply queue of its own.
final class OnboardingTestBed: ServiceTestBed {
    static let apiKey = "sk_test_onboarding_integration"
    let env: IntegrationEnvironment
    let schema: String
    let sim: StripeSimulator
    let host: ServiceHost
    let monitor: EventMonitor
    let commands: CommandChannel

    enum Failure: Error { case notEnabled }

    /// A test bed whose service uses `apiKey` (a test key by default).
    init(apiKey: String = OnboardingTestBed.apiKey, workers: Int = 1) throws {
        guard let env = IntegrationEnvironment.current else { throw Failure.notEnabled }
        self.env = env
        sim = StripeSimulator()
        try sim.start()
        schema = IntegrationEnvironment.uniqueName("onb_it")
        // Default retry delays: the delay queues are the real, shared ones.
        var config = ServiceConfig(
            service: OnboardingService.name, amqpURL: env.amqpURL, databaseURL: env.databaseURL,
            stripeAPIKey: apiKey, stripeAPIBase: sim.baseURL, workers: workers, httpPort: 0,
            relayGrace: .milliseconds(500), logLevel: .warning)
        // stripe-sim serves Connect's OAuth endpoints beside the API.
        config.stripeConnectBase = sim.baseURL
        host = try OnboardingService.make(
            config: config, schema: schema, settings: OnboardingSettings(connectClientId: SimulatorConfig.defaultConnectClientId))
        monitor = try EventMonitor(
            url: env.amqpURL, queue: IntegrationEnvironment.uniqueName("onb_monitor"),
            patterns: ["onboarding.account.#", "onboarding.payout.#"], connectionName: "onboarding-tests.monitor")
        commands = try CommandChannel(
            url: env.amqpURL, replyQueue: IntegrationEnvironment.uniqueName("onb_replies"),
            appId: "onboarding-tests")
    }

    let testName = "onboarding-tests"
    var serviceQueues: [String] { host.routes.map(\.queue) }
    func startService() throws { try host.start() }
    func stopService() {
        host.shutdown()
        sim.stop()
    }

    /// The stored record of `account` (admin connection), or nil.
    func record(_ account: String) throws -> AccountRecord? {
        let db = try PGConnection(url: env.databaseURL, applicationName: "onboarding-tests")
        return try AccountStore(schema: try SQLIdentifier(schema)).find(accountId: account, on: db)
    }

    /// Whether the service's inbox holds `messageId` (the message was handled and committed).
    func inboxHas(_ messageId: String) throws -> Bool {
        let db = try PGConnection(url: env.databaseURL, applicationName: "onboarding-tests")
        let sql = "SELECT count(*) AS count FROM \(try SQLIdentifier(schema).quoted).inbox WHERE message_id = $1"
        return try db.execute(sql, [.text(messageId)]).first.map { try $0.int("count") } ?? 0 > 0
    }

    /// Successful, non-replayed requests `method path` the simulator answered: Stripe objects
    /// really created (an idempotent replay creates nothing).
    func created(_ method: String, _ path: String) -> Int {
        sim.requestLog.filter { $0.method == method && $0.path == path && $0.status == 200 && !$0.replayed }.count
    }

    /// Every request `method path` the simulator saw, replays and failures included.
    func requests(_ method: String, _ path: String) -> [RequestLogEntry] {
        sim.requestLog.filter { $0.method == method && $0.path == path }
    }
}
