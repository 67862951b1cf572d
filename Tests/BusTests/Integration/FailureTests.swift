import Foundation
import Messages
import TestKit
import Testing
@testable import Bus

@Suite("Failures and recovery (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct FailureTests {
    @Test func consumingAMissingQueueClosesTheChannelWithTheBrokersText() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.missing")
        let (first, second) = try await BrokerFixture.onThread { () -> (BusError?, BusError?) in
            let c = try AMQPConnection(url: try BrokerFixture.url, connectionName: "test.consumer")
            defer { c.close() }
            let first = BrokerFixture.busError { () throws(BusError) in try c.startConsuming(queue: queue, prefetch: 1) }
            let second = BrokerFixture.busError { () throws(BusError) in try c.ack(1, multiple: false) }
            return (first, second)
        }
        #expect(first?.code == BusError.Code.channelClosed)
        #expect(first?.replyCode == 404)
        #expect(first?.message.contains("NOT_FOUND") == true)
        #expect(first?.requiresReconnect == true)
        #expect(second == first)
    }

    @Test func wrongPasswordFailsWithoutRevealingIt() async throws {
        let base = try BrokerFixture.url
        let secret = "Wr0ng-" + IntegrationEnvironment.uniqueName("pw")
        var badURL = base
        badURL.password = secret
        let url = badURL
        let error = try await BrokerFixture.onThread { () -> BusError? in
            BrokerFixture.busError { () throws(BusError) in _ = try AMQPConnection(url: url, connectionName: "test.badlogin") }
        }
        #expect(error?.code == BusError.Code.connectionFailed)
        #expect(error?.isConnectionLost == true)
        #expect(error.map { !$0.description.contains(secret) && !"\($0)".contains(secret) } == true)
        #expect(error.map { !String(reflecting: $0).contains(secret) } == true)
    }

    @Test func refusedPortIsAConnectionFailure() async throws {
        var refusedURL = try BrokerFixture.url
        refusedURL.port = 1  // nothing listens on port 1
        let url = refusedURL
        let error = try await BrokerFixture.onThread { () -> BusError? in
            BrokerFixture.busError { () throws(BusError) in _ = try AMQPConnection(url: url, connectionName: "test.refused") }
        }
        #expect(error?.code == BusError.Code.connectionFailed)
    }

    @Test func reconnectingConnectionDialsAgainAfterTheSocketDies() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.reconnect")
        defer { BrokerFixture.deleteQueues([queue]) }
        let (lost, reconnects, delivered) = try await BrokerFixture.onThread { () -> (BusError?, Int, Bool) in
            let bus = ReconnectingConnection(
                url: try BrokerFixture.url, connectionName: "test.reconnecting",
                topology: Topology(queues: [.quorum(queue)]),
                policy: ReconnectPolicy(initialDelay: .milliseconds(50), maxAttempts: 20),
                setUp: { (c) throws(BusError) in try c.enableConfirms() })
            let first = try bus.connection()
            shutdown(first.socketDescriptor, Int32(SHUT_RDWR))  // the network goes away
            let lost = BrokerFixture.busError { () throws(BusError) in
                try bus.run { (c) throws(BusError) in
                    try c.publish(BrokerFixture.envelope(), exchange: "", routingKey: queue, mandatory: true)
                    try c.waitForConfirms(timeout: .seconds(10))
                }
            }
            try bus.run { (c) throws(BusError) in
                try c.publish(BrokerFixture.envelope(), exchange: "", routingKey: queue, mandatory: true)
                try c.waitForConfirms(timeout: .seconds(10))
            }
            let delivered = try bus.run { (c) throws(BusError) in try c.queueStatus(queue).messages } >= 1
            return (lost, bus.reconnects, delivered)
        }
        #expect(lost?.isConnectionLost == true)
        #expect(reconnects == 1)
        #expect(delivered)
    }

    @Test func backoffGrowsAndIsCapped() {
        let policy = ReconnectPolicy(initialDelay: .milliseconds(100), maxDelay: .seconds(1), multiplier: 2, jitter: 0)
        #expect(
            (1...6).map { policy.baseDelay(afterFailures: $0) } == [
                .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1),
            ])
        let jittery = ReconnectPolicy(initialDelay: .seconds(1), jitter: 0.2)
        for _ in 0..<20 {
            let d = jittery.delay(afterFailures: 1)
            #expect(d >= .milliseconds(800) && d <= .milliseconds(1200))
        }
    }
}
