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
/// a monitor queue on `onboarding.account.#` and a reply queue of its own.
final class OnboardingTestBed: StartableTestBed {
    static let apiKey = "sk_test_onboarding_integration"
    let env: IntegrationEnvironment
    let schema: String
    let sim: StripeSimulator
    let host: ServiceHost
    let monitor: EventMonitor
    let commands: CommandChannel

    enum Failure: Error { case notEnabled, noReply(String) }

    /// A test bed whose service uses `apiKey` (a test key by default).
    init(apiKey: String = OnboardingTestBed.apiKey) throws {
        guard let env = IntegrationEnvironment.current else { throw Failure.notEnabled }
        self.env = env
        sim = StripeSimulator()
        try sim.start()
        schema = IntegrationEnvironment.uniqueName("onb_it")
        // Default retry delays: the delay queues are the real, shared ones.
        let config = ServiceConfig(service: OnboardingService.name, amqpURL: env.amqpURL, databaseURL: env.databaseURL,
                                   stripeAPIKey: apiKey, stripeAPIBase: sim.baseURL, workers: 1, httpPort: 0,
                                   relayGrace: .milliseconds(500), logLevel: .warning)
        host = try OnboardingService.make(config: config, schema: schema)
        monitor = try EventMonitor(url: env.amqpURL, queue: IntegrationEnvironment.uniqueName("onb_monitor"),
                                   patterns: ["onboarding.account.#"], connectionName: "onboarding-tests.monitor")
        commands = try CommandChannel(url: env.amqpURL, replyQueue: IntegrationEnvironment.uniqueName("onb_replies"),
                                      appId: "onboarding-tests")
    }

    /// Starts the host and waits until every queue of the service has a consumer.
    func start() async throws {
        let host = self.host
        try await onThread { try host.start() }
        _ = try await ServiceQueues.waitForConsumers(host.routes.map(\.queue), amqpURL: env.amqpURL,
                                                     connectionName: "onboarding-tests.probe")
    }

    /// Stops the host and the simulator, deletes the test's queues and schema.
    func stop() async {
        let host = self.host, sim = self.sim, monitor = self.monitor, commands = self.commands
        let url = env.databaseURL, schema = self.schema
        _ = try? await onThread {
            host.shutdown()
            sim.stop()
            monitor.delete()
            commands.delete()
            try IntegrationSchema.drop(schema, databaseURL: url, applicationName: "onboarding-tests")
        }
    }

    /// Sends `command` with a fresh message id and returns its reply (throws when none came).
    func send<C: CommandMessage>(_ command: C) async throws -> Reply<C.Result> {
        let commands = self.commands
        guard let reply = try await onThread({ try commands.send(command) }) else { throw Failure.noReply(C.messageName) }
        return reply
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
