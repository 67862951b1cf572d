import Bus
import Foundation
import Runtime
import Store
import Testing
import TestKit

/// The outbox relay with the broker unreachable keeps its database connection and refreshes
/// the lag gauges after each failed attempt, so an outage's backlog shows in
/// `connectbus_outbox_pending` instead of the last value read before it. Needs Postgres only.
@Suite("Outbox relay gauges with the broker down (integration)", .enabled(if: IntegrationEnvironment.isEnabled), .serialized)
struct RelayBrokerDownGaugeIntegrationTests {
    @Test func theGaugesCountTheRowsWaitingWhileTheBrokerIsUnreachable() async throws {
        try await TestBed.with("relaydown") { bed in
            try await onThread {
                try Migrator(schema: bed.schema, migrations: []).migrate(
                    try PGConnection(url: bed.env.databaseURL, applicationName: "runtime-tests"))
                for n in 1...3 { try RelayLingerIntegrationTests.write(n, to: bed.queue, bed) }
            }
            let metrics = RuntimeMetrics(registry: MetricsRegistry())
            let relay = OutboxRelay(
                amqpURL: try AMQPURL("amqp://guest:guest@127.0.0.1:1/%2F"), databaseURL: bed.env.databaseURL,
                schema: bed.schema, name: "rt.relay.down", grace: .seconds(3600), idleInterval: .seconds(60),
                metrics: metrics, log: Logger(service: "rt-test", level: .error))
            try relay.start()
            #expect(try await eventually { metrics.registry.value("connectbus_outbox_pending") == 3 })
            #expect(!relay.isConnected)
            #expect((metrics.registry.value("connectbus_outbox_lag_seconds") ?? -1) >= 0)
            try await onThread { _ = relay.stopAndJoin(timeout: .seconds(10)) }
        }
    }
}
