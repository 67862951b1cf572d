import Bus
import Foundation
import Messages
import Testing
import TestKit
@testable import ConnectBusCLI

/// `connectbus status`'s age of a queue nobody consumes, against the real broker: the oldest
/// `timestamp` counts; a message published without one (a dead letter from an old client,
/// say) has no age, so it is never shown as 56 years old.
@Suite("Queue ages (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct QueueAgesTests {
    @Test("the oldest timestamp gives the age; messages without one give none")
    func ages() async throws {
        let queue = IntegrationEnvironment.uniqueName("queue_ages")
        defer { BrokerThread.delete([queue]) }
        func publish(_ stamps: [Date]) async throws {
            try await BrokerThread.run {
                let connection = try BrokerThread.environment.connect("test-queue-ages")
                defer { connection.close() }
                _ = try connection.declareQueue(QueueSpec(name: queue))
                try connection.enableConfirms()
                for stamp in stamps {
                    let envelope = Envelope(type: "test.aged", timestamp: stamp, appId: "test", body: Array("{}".utf8))
                    try connection.publish(envelope, exchange: "", routingKey: queue, mandatory: true)
                }
                try connection.waitForConfirms(timeout: .seconds(30))
            }
        }
        let now = Date()
        try await publish([Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 0)])
        #expect(try await BrokerThread.run { QueueAges.oldestAge(of: queue, environment: BrokerThread.environment, now: now) } == nil)
        try await publish([now.addingTimeInterval(-120), now.addingTimeInterval(-30)])
        let age = try await BrokerThread.run { QueueAges.oldestAge(of: queue, environment: BrokerThread.environment, now: now) }
        #expect(age.map { $0 >= 119 && $0 <= 121 } == true, "\(String(describing: age))")
        #expect(QueueAges.format(age) == "2m")
    }
}
