import Foundation
import Messages
import TestKit
import Testing
@testable import Bus

@Suite(
    "Client properties and consumer cancel notifications (integration)",
    .enabled(if: IntegrationEnvironment.isEnabled))
struct ClientPropertiesTests {
    @Test func connectionNameProductAndCapabilitiesShowInTheManagementAPI() async throws {
        let name = IntegrationEnvironment.uniqueName("bus-tests/worker-1/consume")
        let properties = try await BrokerFixture.onThread { () -> SeenProperties? in
            let c = try AMQPConnection(url: try BrokerFixture.url, connectionName: name)
            defer { c.close() }
            // The management API lists a connection once its stats are emitted: poll.
            let deadline = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < deadline {
                c.sendHeartbeatIfDue()
                if let found = try ManagementAPI.connections().first(where: {
                    ($0["client_properties"] as? [String: Any])?["connection_name"] as? String == name
                }) {
                    return SeenProperties(found["client_properties"] as? [String: Any] ?? [:])
                }
                Thread.sleep(forTimeInterval: 0.5)
            }
            return nil
        }
        let found = try #require(properties)
        #expect(found.product == "ConnectBus")
        #expect(found.capabilities["consumer_cancel_notify"] == true)
        #expect(found.capabilities["publisher_confirms"] == true)
        #expect(found.capabilities["basic.nack"] == true)
        #expect(found.capabilities["connection.blocked"] == false)
    }

    /// The parts of a connection's `client_properties` the tests look at.
    struct SeenProperties: Sendable {
        let product: String?
        let capabilities: [String: Bool]

        init(_ properties: [String: Any]) {
            product = properties["product"] as? String
            capabilities = (properties["capabilities"] as? [String: Any] ?? [:]).compactMapValues { $0 as? Bool }
        }
    }

    @Test func deletingAConsumedQueueMakesNextDeliveryThrowConsumerCancelled() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.cancelled")
        defer { BrokerFixture.deleteQueues([queue]) }
        let outcome = try await BrokerFixture.onThread { () -> (BusError?, Bool) in
            let consumer = try AMQPConnection(url: try BrokerFixture.url, connectionName: "bus-tests.cancel.consumer")
            defer { consumer.close() }
            _ = try consumer.declareQueue(.quorum(queue))
            try consumer.startConsuming(queue: queue, prefetch: 1)
            let admin = try AMQPConnection(url: try BrokerFixture.url, connectionName: "bus-tests.cancel.admin")
            _ = try admin.deleteQueue(queue)
            admin.close()
            var error: BusError?
            let deadline = ContinuousClock.now + .seconds(30)
            while error == nil, ContinuousClock.now < deadline {
                error = BrokerFixture.busError { () throws(BusError) in _ = try consumer.nextDelivery(timeout: .seconds(1)) }
            }
            // The connection itself stays usable: the broker only cancelled the consumer.
            let usable =
                BrokerFixture.busError { () throws(BusError) in
                    _ = try consumer.nextDelivery(timeout: .milliseconds(100))
                } == nil
            return (error, usable)
        }
        #expect(outcome.0?.code == BusError.Code.consumerCancelled)
        #expect(outcome.0?.message.contains(queue) == true)
        #expect(outcome.1)
    }
}

/// RabbitMQ's management HTTP API (port 15672, or `CONNECTBUS_MANAGEMENT_PORT`), read with
/// `curl` as the broker user of `AMQP_URL` (the dev broker's administrator).
enum ManagementAPI {
    /// `GET /api/connections`: one JSON object per open connection.
    static func connections() throws -> [[String: Any]] {
        let url = try BrokerFixture.url
        let port = ProcessInfo.processInfo.environment["CONNECTBUS_MANAGEMENT_PORT"] ?? "15672"
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = [
            "-sS", "--max-time", "10", "-u", "\(url.user):\(url.password)",
            "http://\(url.host):\(port)/api/connections",
        ]
        let output = Pipe()
        curl.standardOutput = output
        try curl.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        return (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] ?? []
    }
}
