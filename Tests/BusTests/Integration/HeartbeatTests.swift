import Foundation
import Messages
import TestKit
import Testing
@testable import Bus

@Suite("Heartbeats (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct HeartbeatTests {
    /// Publishes one message to `queue` with a confirm after the thread was busy for
    /// `busy`, calling `sendHeartbeatIfDue()` every 100 ms when `pump` is set.
    static func publishAfterBusyPeriod(queue: String, pump: Bool) throws -> (Duration, BusError?) {
        let c = try AMQPConnection(url: try BrokerFixture.url, connectionName: "test.heartbeat", heartbeatSeconds: 2)
        defer { c.close() }
        try c.declare(Topology(queues: [.quorum(queue)]))
        try c.enableConfirms()
        let end = ContinuousClock.now + .seconds(pump ? 7 : 10)
        while ContinuousClock.now < end {
            Thread.sleep(forTimeInterval: 0.1)  // "waiting on Stripe"
            if pump { c.sendHeartbeatIfDue() }
        }
        do {
            try c.publish(BrokerFixture.envelope(), exchange: "", routingKey: queue, mandatory: true)
            try c.waitForConfirms(timeout: .seconds(10))
            return (c.negotiatedHeartbeat, nil)
        } catch {
            return (c.negotiatedHeartbeat, error)
        }
    }

    @Test func connectionKeptAliveBySendHeartbeatIfDueStaysUsable() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.heartbeat")
        defer { BrokerFixture.deleteQueues([queue]) }
        let (negotiated, error) = try await BrokerFixture.onThread {
            try Self.publishAfterBusyPeriod(queue: queue, pump: true)
        }
        #expect(negotiated == .seconds(2))
        #expect(error == nil)
    }

    @Test func silentConnectionIsDroppedByTheBroker() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.silent")
        defer { BrokerFixture.deleteQueues([queue]) }
        let (_, error) = try await BrokerFixture.onThread {
            try Self.publishAfterBusyPeriod(queue: queue, pump: false)
        }
        #expect(error?.isConnectionLost == true)
    }
}
