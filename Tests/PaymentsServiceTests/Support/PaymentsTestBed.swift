import Bus
import Foundation
import HTTPServer
import Messages
import PaymentsService
import Runtime
import Store
import StripeSimCore
import TestKit

/// One integration test's world: the payments host in-process on a unique schema (real
/// queue names; the suite is serialized), the Stripe simulator in-process on a free port,
/// a monitor queue for `payments.#` events, and helpers to act as the platform, the buyer
/// and the notifications service.
final class PaymentsTestBed: StartableTestBed {
    let env: IntegrationEnvironment
    let schema: String
    let sim: StripeSimulator
    let host: ServiceHost
    let monitor: PaymentsEventMonitor
    /// The `STRIPE_API_VERSION` the service is pinned to (nil: the client's default); events
    /// are handed to the service in this version's shapes, as its webhook endpoint would get them.
    let stripeAPIVersion: String?
    static let apiKey = "sk_test_payments_integration"
    static let publishableKey = "pk_test_payments_integration"
    /// The shipping rules the service runs with (`SHIPPING_RULES`): standard (5.99, free from
    /// 50.00) and express (19.99) to the US, international (29.99 or 27.99 €) to Canada and
    /// the Netherlands; no PO boxes.
    static let shippingRules = ShippingRules(
        methods: [
            .init(
                id: "standard", label: "Standard", detail: "Arrives in 3–5 days", countries: ["US"], amounts: ["usd": 599],
                freeOver: ["usd": 5000]),
            .init(id: "express", label: "Express", detail: "Arrives tomorrow", countries: ["US"], amounts: ["usd": 1999]),
            .init(id: "international", label: "International", countries: ["CA", "NL"], amounts: ["usd": 2999, "eur": 2799]),
        ], poBoxes: false)

    init(stripeAPIVersion: String? = nil, workers: Int = 1) throws {
        guard let env = IntegrationEnvironment.current else { throw TestBedError.notEnabled }
        self.env = env
        self.stripeAPIVersion = stripeAPIVersion
        schema = IntegrationEnvironment.uniqueName("pay")
        var simConfig = SimulatorConfig()
        simConfig.asyncPaymentDelaySeconds = 0.2
        sim = StripeSimulator(config: simConfig)
        try sim.start(port: 0)
        let config = ServiceConfig(
            service: PaymentsService.name, amqpURL: env.amqpURL, databaseURL: env.databaseURL,
            stripeAPIKey: Self.apiKey, stripeAPIBase: sim.baseURL, stripeAPIVersion: stripeAPIVersion,
            stripeRequestsPerSecond: 100,
            workers: workers, httpPort: 0, relayGrace: .milliseconds(500), logLevel: .warning)
        var settings = PaymentsSettings(publishableKey: Self.publishableKey)
        settings.shippingRules = Self.shippingRules
        // The host starts its schedulers as in production, with their wall-clock schedules
        // off (`DISPUTE_EVIDENCE_REMINDER=0`, `STATEMENT_LOCAL_TIME=off`): the tests drive
        // them at chosen times (`publishDue(now:on:)`), which a run on the real clock would race.
        settings.disputeEvidenceReminderSeconds = 0
        settings.statementLocalTime = nil
        host = try PaymentsService.make(config: config, settings: settings, schema: schema)
        monitor = PaymentsEventMonitor(url: env.amqpURL, queue: IntegrationEnvironment.uniqueName("payments.tests.monitor"))
    }

    enum TestBedError: Error { case notEnabled, stripe(String), timeout(String) }

    /// Declares the monitor queue, starts the host and waits until every queue has a consumer.
    func start() async throws {
        let monitor = self.monitor
        let host = self.host
        try await onThread {
            try monitor.declare(); try host.start()
        }
        let ready = try await ServiceQueues.waitForConsumers(
            host.routes.map(\.queue), amqpURL: env.amqpURL,
            connectionName: "payments-tests-probe")
        guard ready else { throw TestBedError.timeout("payments queues have no consumers") }
    }

    /// Stops the host, the simulator, deletes the monitor queue and drops the schema.
    func stop() async {
        let host = self.host
        let monitor = self.monitor
        let schema = self.schema
        let url = env.databaseURL
        _ = try? await onThread {
            host.shutdown()
            monitor.delete()
            try IntegrationSchema.drop(schema, databaseURL: url, applicationName: "payments-tests")
        }
        sim.stop()
    }

    /// Sends `command` and waits for its reply.
    func send<C: CommandMessage>(_ command: C, timeout: Duration = .seconds(30)) async throws -> Reply<C.Result> {
        let url = env.amqpURL
        return try await onThread {
            let client = try RequestReplyClient(url: try AMQPURL(url), appId: "payments-tests")
            defer { client.close() }
            let reply = try client.send(command, stripeAccount: nil, timeout: timeout)
            try UndeclaredErrorCode.check(reply, of: C.self)
            return reply
        }
    }

    /// Sends a raw JSON command and returns the decoded reply error, if the reply is one.
    func sendRaw(type: String, json: String) async throws -> ReplyError? {
        let url = env.amqpURL
        return try await onThread {
            let client = try RequestReplyClient(url: try AMQPURL(url), appId: "payments-tests")
            defer { client.close() }
            let reply = try client.sendRaw(type: type, body: Array(json.utf8), timeout: .seconds(30))
            let decoded = try MessageCoder.decode(Reply<EmptyResult>.self, from: reply.body)
            if case .error(let error) = decoded { return error }
            return nil
        }
    }

    /// Runs SQL as the admin and returns the first row's column `column` as text.
    func value(_ sql: String, _ params: [PGValue?] = [], column: String) async throws -> String? {
        let url = env.databaseURL
        return try await onThread {
            let db = try PGConnection(url: url, applicationName: "payments-tests")
            return try db.query(sql, params) { try $0.optionalString(column) }.first ?? nil
        }
    }

    /// The order's columns as text.
    func order(_ account: String, _ reference: String, _ column: String) async throws -> String? {
        try await value(
            "SELECT \(column)::text AS v FROM \(schema).orders WHERE account = $1 AND order_reference = $2",
            [.text(account), .text(reference)], column: "v")
    }

    /// Simulator requests with `method` and `path` prefix.
    func requests(_ method: String, _ pathPrefix: String) -> [RequestLogEntry] {
        sim.requestLog.filter { $0.method == method && $0.path.hasPrefix(pathPrefix) }
    }
}

/// A reply result that decodes anything (for error replies of raw commands).
struct EmptyResult: Codable, Sendable, Equatable {}
