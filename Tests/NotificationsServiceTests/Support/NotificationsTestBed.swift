import NotificationsSchema
import Bus
import Foundation
import HTTPServer
import Messages
import NotificationsService
import Runtime
import Store
import StripeAPI
import TestKit

/// One integration test's world: a unique schema migrated with the service's migrations,
/// optionally the notifications ServiceHost on it (HTTP on a free port), a monitor queue
/// on `connectbus.events` with the given patterns, and helpers to post webhooks and read
/// the schema's tables.
final class NotificationsTestBed: Sendable {
    static let secret = "whsec_notifications_platform"
    static let connectSecret = "whsec_notifications_connect"
    /// The secret key the host uses with an in-process simulator (`stripeAPIBase`).
    static let apiKey = "sk_test_notifications_integration"
    let env: IntegrationEnvironment
    let schema: String
    let monitor: EventMonitor
    let host: ServiceHost?

    enum Failure: Error { case notEnabled, notStarted }

    /// A test bed; `withHost` builds (does not start) the service on the test's schema (its
    /// log lines go to `log` when given, else standard error), with the broker at
    /// `hostAMQPURL` (default: the test environment's; the monitor always uses that one).
    init(
        patterns: [String], withHost: Bool = true, smtp: SMTPSettings? = nil,
        ingressDatabaseURL: String? = nil, maxBodyBytes: Int = 1 << 20, stripeAPIBase: String? = nil,
        backfill: BackfillSettings = BackfillSettings(), httpThreading: HTTPThreading? = nil, log: Logger? = nil,
        listener: WebhookListenerSettings? = nil, hostAMQPURL: String? = nil
    ) throws {
        guard let env = IntegrationEnvironment.current else { throw Failure.notEnabled }
        self.env = env
        schema = IntegrationEnvironment.uniqueName("notif_it")
        monitor = try EventMonitor(
            url: env.amqpURL, queue: IntegrationEnvironment.uniqueName("notif_monitor"),
            patterns: patterns, connectionName: "notifications-tests.monitor")
        guard withHost else {
            host = nil
            return
        }
        var config = ServiceConfig(
            service: NotificationsService.name, amqpURL: hostAMQPURL ?? env.amqpURL,
            databaseURL: env.databaseURL,
            stripeAPIKey: stripeAPIBase == nil ? nil : NotificationsTestBed.apiKey,
            stripeAPIBase: stripeAPIBase ?? "https://api.stripe.com", stripeRequestsPerSecond: 100,
            workers: 1, httpPort: 0, logLevel: .warning)
        config.httpThreading = httpThreading
        var settings = NotificationsTestBed.settings(smtp: smtp, maxBodyBytes: maxBodyBytes)
        settings.backfill = backfill
        settings.listener = listener
        host = try NotificationsService.make(
            config: config, settings: settings,
            schema: schema, ingressDatabaseURL: ingressDatabaseURL, log: log)
    }

    /// The platform's bank-update page the test beds configure (`SELLER_BANK_UPDATE_URL`).
    static let sellerBankUpdateURL = "https://platform.example/sellers/{account}/bank"

    static func settings(smtp: SMTPSettings? = nil, maxBodyBytes: Int = 1 << 20) -> NotificationsSettings {
        NotificationsSettings(
            webhooks: WebhookSettings(
                platformSecrets: [secret, "whsec_retired"],
                connectSecrets: [connectSecret], maxBodyBytes: maxBodyBytes),
            smtp: smtp, sellerBankUpdateURL: sellerBankUpdateURL)
    }

    /// Starts the host (migrates the schema, declares queues) and waits until it is ready.
    func start() async throws {
        guard let host else { throw Failure.notStarted }
        try await onThread { try host.start() }
        let ready = try await eventually { [self] in try self.get("/readyz").status == 200 }
        if !ready { throw Failure.notStarted }
    }

    /// Migrates the test's schema without a host.
    func migrate() throws {
        let db = try PGConnection(url: env.databaseURL, applicationName: "notifications-tests")
        _ = try Migrator(schema: schema, migrations: NotificationsMigrations.all).migrate(db)
    }

    /// Stops the host, deletes the monitor queue and the schema.
    func stop() async {
        let host = self.host, monitor = self.monitor, url = env.databaseURL, schema = self.schema
        _ = try? await onThread {
            host?.shutdown()
            monitor.delete()
            let db = try PGConnection(url: url, applicationName: "notifications-tests")
            try db.execute("DROP SCHEMA IF EXISTS \(try SQLIdentifier(schema).quoted) CASCADE")
        }
    }

    /// Runs `body` against a test bed and always stops it afterwards.
    static func run(
        patterns: [String], start: Bool = true, smtp: SMTPSettings? = nil, ingressDatabaseURL: String? = nil,
        maxBodyBytes: Int = 1 << 20, stripeAPIBase: String? = nil,
        backfill: BackfillSettings = BackfillSettings(), httpThreading: HTTPThreading? = nil, log: Logger? = nil,
        listener: WebhookListenerSettings? = nil,
        _ body: (NotificationsTestBed) async throws -> Void
    ) async throws {
        let bed = try NotificationsTestBed(
            patterns: patterns, withHost: start, smtp: smtp,
            ingressDatabaseURL: ingressDatabaseURL, maxBodyBytes: maxBodyBytes,
            stripeAPIBase: stripeAPIBase, backfill: backfill, httpThreading: httpThreading, log: log,
            listener: listener)
        do {
            if start { try await bed.start() } else { try bed.migrate() }
            try await body(bed)
        } catch {
            await bed.stop()
            throw error
        }
        await bed.stop()
    }

    /// The host's base URL (the operator listener).
    var baseURL: String { "http://127.0.0.1:\(host?.httpPort ?? 0)" }

    /// The base URL of the webhook routes: their own listener when the bed has one, else the
    /// operator listener.
    var webhookBaseURL: String { host?.publicPort.map { "http://127.0.0.1:\($0)" } ?? baseURL }

    /// `GET path` on the host.
    func get(_ path: String) throws -> StripeHTTPResponse {
        let transport = try CurlTransport(connectTimeout: .seconds(5), timeout: .seconds(30))
        return try transport.perform(
            StripeHTTPRequest(method: .get, url: baseURL + path, headers: [], body: []),
            whileWaiting: nil)
    }

    /// `POST path` on the host's webhook listener (``webhookBaseURL``) with `body` and
    /// `headers` (blocking; call on a dedicated thread).
    func post(_ path: String, _ body: [UInt8], headers: [(name: String, value: String)]) throws -> StripeHTTPResponse {
        let transport = try CurlTransport(connectTimeout: .seconds(5), timeout: .seconds(30))
        return try transport.perform(
            StripeHTTPRequest(method: .post, url: webhookBaseURL + path, headers: headers, body: body),
            whileWaiting: nil)
    }

    /// Headers of a correctly signed JSON webhook for `body`.
    static func signed(_ body: [UInt8], secret: String = secret, at date: Date = Date()) -> [(name: String, value: String)] {
        [
            ("Content-Type", "application/json"),
            ("Stripe-Signature", WebhookSignature.sign(payload: body, secret: secret, timestamp: date)),
        ]
    }

    /// A Stripe-shaped event with a fresh id.
    static func event(type: String = "customer.created", account: String? = nil, id: String? = nil) -> (id: String, body: [UInt8]) {
        let eventId = id ?? "evt_test_\(UInt64.random(in: 0...UInt64.max))"
        let accountMember = account.map { #","account":"\#($0)""# } ?? ""
        let text =
            #"{"id":"\#(eventId)","object":"event","api_version":"2025-03-31.basil","created":1700000000,"#
            + #""type":"\#(type)","livemode":false\#(accountMember),"data":{"object":{"id":"cus_1","object":"customer"}}}"#
        return (eventId, Array(text.utf8))
    }

    /// One integer from the admin connection.
    func count(_ sql: String, _ params: [PGValue?] = []) throws -> Int {
        let db = try PGConnection(url: env.databaseURL, applicationName: "notifications-tests")
        let quoted = try SQLIdentifier(schema).quoted
        let rows = try db.query(sql.replacingOccurrences(of: "$schema", with: quoted), params) { row in
            try row.int("n")
        }
        return Int(rows.first ?? 0)
    }

    /// Rows of `stripe_events` for `eventId`.
    func storedEvents(_ eventId: String) throws -> Int {
        try count("SELECT count(*) AS n FROM $schema.stripe_events WHERE event_id = $1", [.text(eventId)])
    }

    /// Rows waiting in the outbox.
    func outboxRows() throws -> Int { try count("SELECT count(*) AS n FROM $schema.outbox") }

    /// The stored raw payload of `eventId`.
    func storedPayload(_ eventId: String) throws -> [UInt8]? {
        let db = try PGConnection(url: env.databaseURL, applicationName: "notifications-tests")
        return try db.query(
            "SELECT payload FROM \(try SQLIdentifier(schema).quoted).stripe_events WHERE event_id = $1",
            [.text(eventId)]
        ) { try $0.bytes("payload") }.first
    }
}
