import Messages
import CRabbitMQ
import Testing
@testable import Bus

@Suite("Client properties table")
struct ClientPropertiesTableTests {
    @Test func namesTheConnectionAndAdvertisesCapabilities() {
        let arena = AMQPArena()
        let table = ClientProperties(connectionName: "payments/worker-2/consume").table(in: arena)
        defer { withExtendedLifetime(arena) {} }
        let entries = (0..<Int(table.num_entries)).compactMap { table.entries?[$0] }
        let byKey = Dictionary(uniqueKeysWithValues: entries.map { ($0.key.string, $0.value) })

        #expect(byKey["connection_name"]?.headerValue == .string("payments/worker-2/consume"))
        #expect(byKey["product"]?.headerValue == .string("ConnectBus"))
        let capabilities = byKey["capabilities"]
        #expect(capabilities.map { UInt32($0.kind) } == AMQP_FIELD_KIND_TABLE.rawValue)
        let flags = capabilities?.value.table.headerValues ?? [:]
        #expect(flags["consumer_cancel_notify"] == .int(1))
        #expect(flags["publisher_confirms"] == .int(1))
        #expect(flags["basic.nack"] == .int(1))
        #expect(flags["authentication_failure_close"] == .int(1))
        #expect(flags["connection.blocked"] == .int(0))
    }
}
