import Foundation
import Store
import Testing
import TestKit
@testable import Runtime

/// Gauges read from the database: labelled and plain series, NULL as 0, a missing table
/// (not migrated yet) leaving the last values, and the sampler thread.
@Suite("Database gauges", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct DatabaseGaugeSamplerIntegrationTests {
    static let schema = "rt_gauges"

    private static func withTable(_ body: (PGConnection, IntegrationEnvironment) throws -> Void) throws {
        let env = try #require(IntegrationEnvironment.current)
        let db = try PGConnection(url: env.databaseURL, applicationName: "gauge-tests")
        _ = try db.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE")
        _ = try db.execute("CREATE SCHEMA \(schema)")
        _ = try db.execute("CREATE TABLE \(schema).mails (status text NOT NULL, due bigint)")
        defer { _ = try? db.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE") }
        try body(db, env)
    }

    private static let gauges = [
        DatabaseGauge(
            name: "test_mails", help: "Mails by status.", labels: ["status"],
            sql: "SELECT status, count(*) AS value FROM \(schema).mails GROUP BY status"),
        DatabaseGauge(
            name: "test_next_due", help: "First due time.",
            sql: "SELECT min(due) AS value FROM \(schema).mails"),
    ]

    private static func sampler(
        _ env: IntegrationEnvironment, _ registry: MetricsRegistry,
        interval: Duration = .seconds(60)
    ) -> DatabaseGaugeSampler {
        DatabaseGaugeSampler(
            databaseURL: env.databaseURL, applicationName: "gauge-tests", registry: registry,
            gauges: gauges, interval: interval, log: Logger(service: "gauge-tests", level: .error))
    }

    @Test func queriesSetLabelledAndPlainGauges() throws {
        try Self.withTable { db, env in
            let registry = MetricsRegistry()
            let sampler = Self.sampler(env, registry)
            #expect(registry.value("test_next_due") == 0)  // registered at 0 before any read
            try sampler.sample(on: db)
            #expect(registry.value("test_next_due") == 0)  // min() of no rows is NULL
            _ = try db.execute("INSERT INTO \(Self.schema).mails VALUES ('parked', 1700000500), ('parked', 1700000100), ('sent', NULL)")
            try sampler.sample(on: db)
            #expect(registry.value("test_mails", labels: ["parked"]) == 2)
            #expect(registry.value("test_mails", labels: ["sent"]) == 1)
            #expect(registry.value("test_next_due") == 1700000100)
            #expect(registry.render().contains(#"test_mails{status="parked"} 2"#))
        }
    }

    @Test func aMissingTableThrowsAndKeepsTheLastValues() throws {
        try Self.withTable { db, env in
            let registry = MetricsRegistry()
            let sampler = Self.sampler(env, registry)
            _ = try db.execute("INSERT INTO \(Self.schema).mails VALUES ('parked', 5)")
            try sampler.sample(on: db)
            _ = try db.execute("DROP TABLE \(Self.schema).mails")
            #expect(throws: StoreError.self) { try sampler.sample(on: db) }
            #expect(registry.value("test_mails", labels: ["parked"]) == 1)
            #expect(registry.value("test_next_due") == 5)
        }
    }

    @Test func theThreadReadsAtStartAndStopsPromptly() async throws {
        try Self.withTable { db, env in
            _ = try db.execute("INSERT INTO \(Self.schema).mails VALUES ('retrying', 42)")
            let registry = MetricsRegistry()
            let sampler = Self.sampler(env, registry, interval: .seconds(3600))
            try sampler.start()
            let deadline = ContinuousClock.now + .seconds(30)
            while registry.value("test_next_due") != 42, ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
            #expect(registry.value("test_mails", labels: ["retrying"]) == 1)
            let started = ContinuousClock.now
            sampler.stopAndJoin()  // wakes the hour-long wait at once
            #expect(ContinuousClock.now - started < .seconds(10))
        }
    }
}
