import Runtime
import Store
import Testing

/// Which tables a service's retention thread prunes (``RetentionSweeper/tables(_:)``).
@Suite("Retention sweeper's tables")
struct RetentionSweeperTests {
    private static func config() -> ServiceConfig {
        ServiceConfig(service: "rt-retention", amqpURL: "amqp://127.0.0.1", databaseURL: "postgres://127.0.0.1/x")
    }

    @Test func theMessageLogAndTheInboxByDefault() {
        let tables = RetentionSweeper.tables(Self.config())
        #expect(tables.map(\.table.name) == ["message_log", "inbox"])
        #expect(tables.map(\.keep) == [ServiceConfig.defaultMessageLogRetention, ServiceConfig.defaultInboxRetention])
    }

    @Test func aRetentionTurnedOffLeavesItsTableOutAndAllOffLeavesNone() {
        var config = Self.config()
        config.messageLogRetention = nil
        #expect(RetentionSweeper.tables(config).map(\.table.name) == ["inbox"])
        config.inboxRetention = nil
        #expect(RetentionSweeper.tables(config).isEmpty)
    }

    @Test func theServicesOwnTablesComeAfterTheRuntimes() {
        var config = Self.config()
        let own = RetainedTable(name: "stripe_events") { _, _, _, _ in 0 }
        config.retainedTables = [TableRetention(own, keep: .seconds(3600))]
        #expect(RetentionSweeper.tables(config).map(\.table.name) == ["message_log", "inbox", "stripe_events"])
        #expect(RetentionSweeper.tables(config).last?.keep == .seconds(3600))
    }
}
