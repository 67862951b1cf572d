import Bus
import Foundation
import HTTPServer
import Messages
import NotificationsService
import Runtime
import Store
import StripeAPI
import StripeSimCore
import Testing
import TestKit

/// The backfill sweep against Postgres and an in-process stripe-sim whose webhook endpoints
/// are down (connection refused), so `delivery_success=false` lists real undelivered events.
@Suite("Backfill from GET /v1/events (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct BackfillIntegrationTests {
    /// A simulator whose platform and Connect endpoints refuse connections.
    static func simulator() throws -> StripeSimulator {
        var config = SimulatorConfig()
        config.webhookEndpoints = [
            WebhookEndpointConfig(url: "http://127.0.0.1:9/down", secret: "whsec_down"),
            WebhookEndpointConfig(url: "http://127.0.0.1:9/down", secret: "whsec_down", connect: true),
        ]
        let sim = StripeSimulator(config: config)
        _ = try sim.start(port: 0)
        return sim
    }

    static func sweeper(
        _ bed: NotificationsTestBed, _ sim: StripeSimulator, pageSize: Int = 100,
        metrics: MetricsRegistry = MetricsRegistry(), unreachableRetrySeconds: Int = 86_400
    ) throws -> BackfillSweeper {
        let schema = try SQLIdentifier(bed.schema)
        let apiBase = sim.baseURL
        return BackfillSweeper(
            settings: BackfillSettings(
                types: ["customer.created"], pageSize: pageSize, unreachableRetrySeconds: unreachableRetrySeconds),
            events: StripeEventStore(schema: schema, appId: "notifications"),
            progress: BackfillStore(schema: schema), databaseURL: bed.env.databaseURL,
            applicationName: "notifications-tests.backfill",
            makeStripe: { try StripeClient(config: StripeConfig(apiKey: NotificationsTestBed.apiKey, apiBase: apiBase)) },
            rateLimiter: StripeRateLimiter(ratePerSecond: 1000), metrics: metrics,
            log: Logger(service: "notifications-tests", level: .warning))
    }

    /// Runs one sweep on a dedicated thread with its own connection and client (as a new process would).
    static func sweep(
        _ sweeper: BackfillSweeper, _ bed: NotificationsTestBed, _ sim: StripeSimulator,
        stopAfterPages: Int? = nil
    ) async throws -> BackfillSweeper.Summary {
        let url = bed.env.databaseURL, apiBase = sim.baseURL
        return try await onThread {
            let db = try PGConnection(url: url, applicationName: "notifications-tests.backfill")
            let client = try StripeClient(config: StripeConfig(apiKey: NotificationsTestBed.apiKey, apiBase: apiBase))
            return try sweeper.sweep(conn: db, stripe: client, stopAfterPages: stopAfterPages)
        }
    }

    /// Outbox rows of `eventId` and their `x-stripe-source` header ("-" when absent).
    static func published(_ bed: NotificationsTestBed, _ eventId: String) throws -> [String] {
        let db = try PGConnection(url: bed.env.databaseURL, applicationName: "notifications-tests")
        return try db.query(
            "SELECT coalesce(headers->>'x-stripe-source', '-') AS source FROM \(try SQLIdentifier(bed.schema).quoted).outbox "
                + "WHERE headers->>'x-stripe-event-id' = $1", [.text(eventId)]
        ) { try $0.string("source") }
    }

    static func eventIds(_ sim: StripeSimulator, account: String? = nil) -> [String] {
        sim.events(account: account).filter { $0["type"]?.stringValue == "customer.created" }.compactMap { $0["id"]?.stringValue }
    }

    @Test(
        "missed events of the platform and of known accounts are stored and published once, marked backfill; one that came by webhook too stays one message"
    )
    func recoversOnce() async throws {
        let sim = try Self.simulator()
        defer { sim.stop() }
        try await NotificationsTestBed.run(patterns: [], start: false) { bed in
            let account = try BuyerRecipientIntegrationTests.id(
                try BuyerRecipientIntegrationTests.stripe(
                    sim, "/v1/accounts", [("type", "express"), ("country", "US")]))
            let stranger = try BuyerRecipientIntegrationTests.id(
                try BuyerRecipientIntegrationTests.stripe(
                    sim, "/v1/accounts", [("type", "express"), ("country", "US")]))
            for _ in 0..<3 { _ = try BuyerRecipientIntegrationTests.stripe(sim, "/v1/customers", []) }
            for _ in 0..<2 { _ = try BuyerRecipientIntegrationTests.stripe(sim, "/v1/customers", [], account: account) }
            _ = try BuyerRecipientIntegrationTests.stripe(sim, "/v1/customers", [], account: stranger)
            let platformIds = Self.eventIds(sim), accountIds = Self.eventIds(sim, account: account)
            #expect(platformIds.count == 3 && accountIds.count == 2)
            // The account is known from a recipient row; the first platform event also came by webhook.
            let db = try PGConnection(url: bed.env.databaseURL, applicationName: "notifications-tests")
            let schema = try SQLIdentifier(bed.schema)
            try db.execute("INSERT INTO \(schema.quoted).recipients (account, email) VALUES ($1, 'seller@example.com')", [.text(account)])
            let webhook = NotificationsTestBed.event(type: "customer.created", id: platformIds[0])
            #expect(
                try StripeEventStore(schema: schema, appId: "notifications")
                    .store(try #require(StripeEventFacts.parse(webhook.body)), body: webhook.body, endpoint: .platform, on: db))
            let metrics = MetricsRegistry()
            let sweeper = try Self.sweeper(bed, sim, metrics: metrics)
            let summary = try await Self.sweep(sweeper, bed, sim)
            #expect(summary.recovered == 4)
            #expect(summary.scopesCompleted == 2)
            #expect(metrics.value("connectbus_backfill_events_recovered_total") == 4)
            #expect(try Self.published(bed, platformIds[0]) == ["-"])
            for id in platformIds.dropFirst() + accountIds { #expect(try Self.published(bed, id) == ["backfill"], "\(id)") }
            for id in Self.eventIds(sim, account: stranger) { #expect(try bed.storedEvents(id) == 0) }
            let headers = try db.query(
                "SELECT headers->>'x-stripe-account' AS account FROM \(schema.quoted).outbox "
                    + "WHERE headers->>'x-stripe-event-id' = $1", [.text(accountIds[0])]
            ) { try $0.string("account") }
            #expect(headers == [account])
            // A second sweep finds the same events (still undelivered) and publishes nothing more.
            let again = try await Self.sweep(sweeper, bed, sim)
            #expect(again.recovered == 0)
            #expect(try bed.outboxRows() == 5)
            let progress = try BackfillStore(schema: schema).progress(on: db)
            #expect(progress["platform"]?.highWater != nil)
            #expect(progress[account]?.sweepStarted == false)
        }
    }

    @Test("a listing that fails fails only its scope: the platform is swept, the sweep counts as failed, no last-sweep time")
    func oneScopeFails() async throws {
        let sim = try Self.simulator()
        defer { sim.stop() }
        try await NotificationsTestBed.run(patterns: [], start: false) { bed in
            _ = try BuyerRecipientIntegrationTests.stripe(sim, "/v1/customers", [])
            let account = try BuyerRecipientIntegrationTests.id(
                try BuyerRecipientIntegrationTests.stripe(sim, "/v1/accounts", [("type", "express"), ("country", "US")]))
            let db = try PGConnection(url: bed.env.databaseURL, applicationName: "notifications-tests")
            try db.execute(
                "INSERT INTO \(try SQLIdentifier(bed.schema).quoted).recipients (account, email) VALUES ($1, 'seller@example.com')",
                [.text(account)])
            // The account's scope is listed first (scopes in order, `acct_…` before `platform`):
            // its request and the client's two retries answer 500, the platform's listing runs.
            _ = try BuyerRecipientIntegrationTests.stripe(
                sim, "/sim/faults", [("method", "GET"), ("path", "/v1/events"), ("error_rate", "1"), ("count", "3")])
            let metrics = MetricsRegistry()
            let summary = try await Self.sweep(try Self.sweeper(bed, sim, metrics: metrics), bed, sim)
            #expect(summary.scopesCompleted == 1)
            #expect(summary.scopesFailed == 1)
            #expect(summary.scopesUnreachable == 0)
            #expect(summary.recovered == 1)
            #expect(metrics.value("connectbus_backfill_sweeps_total", labels: ["failed"]) == 1)
            #expect(metrics.value("connectbus_backfill_sweeps_total", labels: ["completed"]) == nil)
            #expect(metrics.value("connectbus_backfill_last_sweep_timestamp_seconds") == nil)
            let progress = try BackfillStore(schema: try SQLIdentifier(bed.schema)).progress(on: db)[account]
            #expect(progress?.sweepStarted == true)
            #expect(progress?.unreachableForSeconds == nil)
        }
    }

    @Test(
        "an account Stripe answers account_invalid is unreachable: the sweep completes without it, scheduled sweeps leave it out until its retry is due, a request tries it again"
    )
    func unreachableAccount() async throws {
        let sim = try Self.simulator()
        defer { sim.stop() }
        try await NotificationsTestBed.run(patterns: [], start: false) { bed in
            _ = try BuyerRecipientIntegrationTests.stripe(sim, "/v1/customers", [])
            let db = try PGConnection(url: bed.env.databaseURL, applicationName: "notifications-tests")
            let schema = try SQLIdentifier(bed.schema)
            try db.execute("INSERT INTO \(schema.quoted).recipients (account, email) VALUES ('acct_unknown000000', 'gone@example.com')")
            let metrics = MetricsRegistry()
            let sweeper = try Self.sweeper(bed, sim, metrics: metrics)
            let listings = { sim.requestLog.filter { $0.path == "/v1/events" }.count }

            let first = try await Self.sweep(sweeper, bed, sim)
            #expect(first.scopesCompleted == 1)
            #expect(first.scopesFailed == 0)
            #expect(first.scopesUnreachable == 1)
            #expect(first.recovered == 1)
            #expect(metrics.value("connectbus_backfill_sweeps_total", labels: ["completed"]) == 1)
            #expect(metrics.value("connectbus_backfill_sweeps_total", labels: ["failed"]) == nil)
            #expect(metrics.value("connectbus_backfill_scopes_unreachable_total") == 1)
            #expect(metrics.value("connectbus_backfill_last_sweep_timestamp_seconds") != nil)
            let marked = try BackfillStore(schema: schema).progress(on: db)["acct_unknown000000"]
            #expect(marked?.sweepStarted == false)
            #expect(marked?.unreachableForSeconds != nil)

            // A scheduled sweep lists the platform only.
            let before = listings()
            let second = try await Self.sweep(sweeper, bed, sim)
            #expect(second.scopesCompleted == 1 && second.scopesUnreachable == 0)
            #expect(listings() == before + 1)

            // notifications.backfill's request tries every scope again.
            try BackfillStore(schema: schema).request(since: nil, on: db)
            let requested = try await Self.sweep(sweeper, bed, sim)
            #expect(requested.scopesCompleted == 1 && requested.scopesUnreachable == 1)

            // With no retry delay the account is tried on every sweep, as before the mark existed.
            let eager = try Self.sweeper(bed, sim, metrics: metrics, unreachableRetrySeconds: 0)
            let again = try await Self.sweep(eager, bed, sim)
            #expect(again.scopesUnreachable == 1)
            #expect(metrics.value("connectbus_backfill_scopes_unreachable_total") == 3)
        }
    }

    @Test("a sweep stopped after a committed page (a crash) resumes from its cursor: every event once, no page listed again")
    func crashResumes() async throws {
        let sim = try Self.simulator()
        defer { sim.stop() }
        try await NotificationsTestBed.run(patterns: [], start: false) { bed in
            for _ in 0..<25 { _ = try BuyerRecipientIntegrationTests.stripe(sim, "/v1/customers", []) }
            let db = try PGConnection(url: bed.env.databaseURL, applicationName: "notifications-tests")
            let crashed = try await Self.sweep(try Self.sweeper(bed, sim, pageSize: 10), bed, sim, stopAfterPages: 1)
            #expect(crashed.recovered == 10)
            #expect(crashed.scopesCompleted == 0)
            let progress = try BackfillStore(schema: try SQLIdentifier(bed.schema)).progress(on: db)["platform"]
            #expect(progress?.sweepStarted == true)
            #expect(progress?.sweepCursor == Self.eventIds(sim)[9])
            let listedBefore = sim.requestLog.filter { $0.path == "/v1/events" }.count
            // A new process: new sweeper, connection and client.
            let resumed = try await Self.sweep(try Self.sweeper(bed, sim, pageSize: 10), bed, sim)
            #expect(resumed.recovered == 15)
            #expect(resumed.pages == 2)
            let resumedCalls = sim.requestLog.filter { $0.path == "/v1/events" }.dropFirst(listedBefore)
            #expect(resumedCalls.first?.params["starting_after"]?.stringValue == Self.eventIds(sim)[9])
            #expect(try bed.outboxRows() == 25)
            #expect(try bed.count("SELECT count(DISTINCT event_id) AS n FROM $schema.stripe_events") == 25)
            #expect(try BackfillStore(schema: try SQLIdentifier(bed.schema)).progress(on: db)["platform"]?.recovered == 25)
        }
    }
}

/// The sweep as the service runs it: at start-up, and on `notifications.backfill`.
@Suite("Backfill in the running service (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct BackfillServiceIntegrationTests {
    static let settings = BackfillSettings(intervalSeconds: 0, types: ["customer.created"])

    @Test("the start-up sweep publishes missed events with x-stripe-source backfill; notifications.backfill sweeps again on request")
    func startUpAndCommand() async throws {
        let sim = try BackfillIntegrationTests.simulator()
        defer { sim.stop() }
        for _ in 0..<3 { _ = try BuyerRecipientIntegrationTests.stripe(sim, "/v1/customers", []) }
        let first = BackfillIntegrationTests.eventIds(sim)
        try await NotificationsTestBed.run(
            patterns: ["stripe.customer.created"], stripeAPIBase: sim.baseURL,
            backfill: Self.settings
        ) { bed in
            let monitor = bed.monitor
            let recovered = try await onThread {
                try monitor.wait(count: 3) { $0.headers.extra[StripeEventStore.stripeSourceHeader] == "backfill" }
            }
            #expect(Set(recovered.compactMap { $0.headers.extra["x-stripe-event-id"] }) == Set(first))
            // Events missed while running: swept when asked (the schedule is off).
            for _ in 0..<2 { _ = try BuyerRecipientIntegrationTests.stripe(sim, "/v1/customers", []) }
            let later = Set(BackfillIntegrationTests.eventIds(sim)).subtracting(first)
            let command = try Envelope.make(BackfillStripeEvents(), appId: "notifications-tests")
            let url = bed.env.amqpURL
            try await onThread {
                let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "notifications-tests.publisher")
                defer { connection.close() }
                try connection.enableConfirms()
                try connection.publish(
                    command, exchange: Exchanges.commands, routingKey: BackfillStripeEvents.messageName,
                    mandatory: true)
                try connection.waitForConfirms(timeout: .seconds(10))
            }
            let all = try await onThread {
                try monitor.wait(count: 5) { $0.headers.extra[StripeEventStore.stripeSourceHeader] == "backfill" }
            }
            let ids = all.compactMap { $0.headers.extra["x-stripe-event-id"] }
            #expect(ids.count == 5)
            #expect(Set(ids) == Set(first).union(later))
            #expect(try bed.count("SELECT count(*) AS n FROM $schema.backfill_requests") == 0)
        }
    }
}
