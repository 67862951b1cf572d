import Foundation
import Messages
import TestKit
import Testing
@testable import Bus

@Suite("Corked publishing (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct CorkedPublishTests {
    /// Publishes held by the cork still arrive, in order and confirmed; the socket is corked
    /// only inside the outermost `corked` (a nested one does not uncork it early) and uncorked
    /// after it, also when its body throws.
    @Test func corkedPublishesArriveInOrderAndTheSocketIsUncorkedAfterwards() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.corked")
        defer { BrokerFixture.deleteQueues([queue]) }
        let sent = (0..<20).map { BrokerFixture.envelope(body: #"{"n":\#($0)}"#) }
        let observed = try await BrokerFixture.onThread {
            let url = try BrokerFixture.url
            let publisher = try AMQPConnection(url: url, connectionName: "test.corked.publisher")
            defer { publisher.close() }
            try publisher.declare(Topology(queues: [.quorum(queue)]))
            try publisher.enableConfirms()
            var states: [Bool] = [publisher.socketIsCorked]
            try publisher.corked {
                states.append(publisher.socketIsCorked)
                for envelope in sent.prefix(10) {
                    try publisher.publish(envelope, exchange: "", routingKey: queue, mandatory: true)
                }
                try publisher.corked {
                    for envelope in sent.dropFirst(10) {
                        try publisher.publish(envelope, exchange: "", routingKey: queue, mandatory: true)
                    }
                }
                states.append(publisher.socketIsCorked)
            }
            states.append(publisher.socketIsCorked)
            try publisher.waitForConfirms(timeout: .seconds(10))
            struct Stop: Error {}
            #expect(throws: Stop.self) { try publisher.corked { throw Stop() } }
            states.append(publisher.socketIsCorked)

            let consumer = try AMQPConnection(url: url, connectionName: "test.corked.consumer")
            defer { consumer.close() }
            try consumer.startConsuming(queue: queue, prefetch: 50)
            var received: [Envelope] = []
            for _ in sent {
                let delivery = try BrokerFixture.expectDelivery(consumer)
                received.append(delivery.envelope)
                try consumer.ack(delivery.deliveryTag, multiple: false)
            }
            return (states, received)
        }
        #expect(observed.0 == [false, true, true, false, false])
        #expect(observed.1 == sent)
    }
}
