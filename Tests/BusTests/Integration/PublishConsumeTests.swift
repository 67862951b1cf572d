import Foundation
import Messages
import TestKit
import Testing
@testable import Bus

@Suite("Publish and consume (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct PublishConsumeTests {
    @Test func confirmedPublishIsConsumedAndAcked() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.pubsub")
        defer { BrokerFixture.deleteQueues([queue]) }
        let sent = BrokerFixture.envelope(body: #"{"amount":1200,"currency":"eur"}"#)
        let got = try await BrokerFixture.onThread {
            let url = try BrokerFixture.url
            let publisher = try AMQPConnection(url: url, connectionName: "test.publisher")
            defer { publisher.close() }
            try publisher.declare(Topology(queues: [.quorum(queue)]))
            try publisher.enableConfirms()
            try publisher.publish(sent, exchange: "", routingKey: queue, mandatory: true)
            try publisher.waitForConfirms(timeout: .seconds(10))
            #expect(publisher.unconfirmedCount == 0)

            let consumer = try AMQPConnection(url: url, connectionName: "test.consumer")
            defer { consumer.close() }
            try consumer.startConsuming(queue: queue, prefetch: 10)
            let delivery = try BrokerFixture.expectDelivery(consumer)
            try consumer.ack(delivery.deliveryTag, multiple: false)
            #expect(try consumer.nextDelivery(timeout: .milliseconds(300)) == nil)
            return delivery
        }
        #expect(got.envelope == sent)
        #expect(got.queue == queue)
        #expect(got.routingKey == queue)
        #expect(got.exchange == "")
        #expect(!got.redelivered)
    }
}
