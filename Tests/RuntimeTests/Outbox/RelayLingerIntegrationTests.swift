import Bus
import Foundation
import Messages
import Runtime
import Store
import Testing
import TestKit

/// The outbox relay's linger (`OUTBOX_RELAY_LINGER_MS`): rows written for the relay that
/// are committed and nudged one by one while it lingers after a short batch go in one
/// batch, and the first row after a quiet spell goes at once. The linger is long (5 s)
/// beside the nine commits it has to cover, and the gap between the batches is measured by
/// the relay's own observer, a lower bound the relay enforces.
@Suite("Outbox relay linger (integration)", .enabled(if: IntegrationEnvironment.isEnabled), .serialized)
struct RelayLingerIntegrationTests {
    static let linger: Duration = .seconds(5)

    /// Commits one row written for the relay (as the webhook ingress does) that publishes
    /// `n` to `queue` through the default exchange.
    static func write(_ n: Int, to queue: String, _ bed: TestBed) throws {
        let db = try PGConnection(url: bed.env.databaseURL, applicationName: "runtime-tests")
        let message = OutboxMessage(
            exchange: Exchanges.default, routingKey: queue, messageId: Envelope.newMessageId(),
            type: "rt.lingered", appId: "runtime-tests", timestamp: Date(),
            headersJSON: Array(#"{"x-schema-version": 1}"#.utf8), body: Array(#"{"n":\#(n)}"#.utf8), mandatory: false)
        _ = try OutboxWriter(schema: bed.schema).enqueue(
            [KeyedOutboxMessage(key: String(n), message: message)],
            ifReturnedBy: "SELECT m.key FROM message m", parameters: [], on: db)
    }

    /// Waits (on the caller's thread, up to 60 s) until `relay` has published `rows`.
    static func wait(_ relay: OutboxRelay, rows: Int) {
        let deadline = ContinuousClock.now + .seconds(60)
        while relay.statistics.rows < rows && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
    }

    @Test func rowsNudgedWhileTheRelayLingersGoInOneBatch() async throws {
        try await TestBed.with("linger") { bed in
            let queue = bed.queue
            try await onThread {
                try bed.broker.declare(queue)
                try Migrator(schema: bed.schema, migrations: []).migrate(
                    try PGConnection(url: bed.env.databaseURL, applicationName: "runtime-tests"))
            }
            let log = OutboxBacklogIntegrationTests.BatchLog()
            // An hour's grace and a minute's poll: every batch here is a nudge's.
            let relay = OutboxRelay(
                amqpURL: try AMQPURL(bed.env.amqpURL), databaseURL: bed.env.databaseURL, schema: bed.schema,
                name: "rt.relay.linger", grace: .seconds(3600), idleInterval: .seconds(60), linger: Self.linger,
                metrics: RuntimeMetrics(registry: MetricsRegistry()), log: Logger(service: "rt-test", level: .error),
                observer: { log.append($0) })
            try relay.start()
            #expect(try await eventually { relay.isConnected })
            try await onThread {
                try Self.write(1, to: queue, bed)
                relay.nudge()
                Self.wait(relay, rows: 1)
                for n in 2...10 {
                    try Self.write(n, to: queue, bed)
                    relay.nudge()
                }
                Self.wait(relay, rows: 10)
            }
            let received = try await onThread { try bed.broker.take(10, from: queue) }
            _ = try await onThread { relay.stopAndJoin(timeout: .seconds(10)) }
            let batches = log.all
            #expect(batches.map(\.rows) == [1, 9])
            if batches.count == 2 { #expect(batches[1].finishedAt - batches[0].finishedAt >= Self.linger) }
            #expect(received.map { String(decoding: $0.envelope.body, as: UTF8.self) } == (1...10).map { #"{"n":\#($0)}"# })
        }
    }
}
