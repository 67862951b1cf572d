import Foundation
import Messages
import TestKit
import Testing
@testable import Bus

@Suite("Delivery guarantees (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct DeliveryGuaranteeTests {
    @Test func unackedMessageIsRedeliveredAfterTheConsumerConnectionCloses() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.redeliver")
        defer { BrokerFixture.deleteQueues([queue]) }
        let sent = BrokerFixture.envelope()
        let (first, second) = try await BrokerFixture.onThread {
            let url = try BrokerFixture.url
            let publisher = try AMQPConnection(url: url, connectionName: "test.publisher")
            defer { publisher.close() }
            try publisher.declare(Topology(queues: [.quorum(queue)]))
            try publisher.enableConfirms()
            try publisher.publish(sent, exchange: "", routingKey: queue, mandatory: true)
            try publisher.waitForConfirms(timeout: .seconds(10))

            let dying = try AMQPConnection(url: url, connectionName: "test.consumer-1")
            try dying.startConsuming(queue: queue, prefetch: 1)
            let first = try BrokerFixture.expectDelivery(dying)
            dying.close()  // no ack: the broker must requeue it

            let survivor = try AMQPConnection(url: url, connectionName: "test.consumer-2")
            defer { survivor.close() }
            try survivor.startConsuming(queue: queue, prefetch: 1)
            let second = try BrokerFixture.expectDelivery(survivor, timeout: .seconds(20))
            try survivor.ack(second.deliveryTag, multiple: false)
            return (first, second)
        }
        #expect(!first.redelivered)
        #expect(second.redelivered)
        #expect(second.envelope.messageId == sent.messageId)
    }

    @Test func mandatoryPublishWithNoRouteThrowsUnroutable() async throws {
        let routingKey = IntegrationEnvironment.uniqueName("bustest.nobody_listens")
        let (error, stillUsable) = try await BrokerFixture.onThread { () -> (BusError?, Bool) in
            let publisher = try AMQPConnection(url: try BrokerFixture.url, connectionName: "test.publisher")
            defer { publisher.close() }
            try publisher.declare(.exchanges)
            try publisher.enableConfirms()
            let envelope = BrokerFixture.envelope(routingKey)
            try publisher.publish(envelope, exchange: Exchanges.commands, routingKey: routingKey, mandatory: true)
            let caught = BrokerFixture.busError { () throws(BusError) in try publisher.waitForConfirms(timeout: .seconds(10)) }
            #expect(caught?.messageId == envelope.messageId)
            // The failure is reported after the confirm, so the channel keeps working.
            try publisher.publish(envelope, exchange: Exchanges.events, routingKey: routingKey, mandatory: false)
            try publisher.waitForConfirms(timeout: .seconds(10))
            return (caught, publisher.isUsable)
        }
        #expect(error?.code == BusError.Code.unroutable)
        #expect(error?.replyCode == 312)
        #expect(error?.message.contains("NO_ROUTE") == true)
        #expect(stillUsable)
    }

    @Test func delayQueueDeadLettersBackToTheMainQueueAfterItsTTL() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.retry")
        let topology = Topology.commandQueue(queue, retryDelays: [.milliseconds(200)])
        defer { BrokerFixture.deleteQueues(topology.queues.map(\.name)) }
        var headers = MessageHeaders()
        headers.attempt = 1
        let sent = BrokerFixture.envelope(queue, headers: headers)
        let got = try await BrokerFixture.onThread {
            let url = try BrokerFixture.url
            let publisher = try AMQPConnection(url: url, connectionName: "test.publisher")
            defer { publisher.close() }
            try publisher.declare(topology)
            try publisher.declare(topology)  // declaring twice is harmless
            try publisher.enableConfirms()
            try publisher.publish(
                sent, exchange: "", routingKey: Topology.retryQueueName(queue, attempt: 1),
                mandatory: true)
            try publisher.waitForConfirms(timeout: .seconds(10))
            let consumer = try AMQPConnection(url: url, connectionName: "test.consumer")
            defer { consumer.close() }
            try consumer.startConsuming(queue: queue, prefetch: 1)
            let delivery = try BrokerFixture.expectDelivery(consumer, timeout: .seconds(30))
            try consumer.ack(delivery.deliveryTag, multiple: false)
            return delivery
        }
        #expect(got.queue == queue)
        #expect(got.routingKey == queue)
        #expect(got.envelope.messageId == sent.messageId)
        #expect(got.envelope.headers.attempt == 1)
    }

    @Test func headersSurviveTheBroker() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.headers")
        defer { BrokerFixture.deleteQueues([queue]) }
        let headers = MessageHeaders(
            schemaVersion: 3, causationId: "cause-7", stripeAccount: "acct_1Abc",
            traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            attempt: 2, extra: ["x-error-code": "stripe.api_error"])
        let sent = Envelope(
            correlationId: "corr-9", type: "payments.thing", appId: "payments",
            replyTo: "some.reply.queue", headers: headers, body: Array("{}".utf8))
        let got = try await BrokerFixture.onThread {
            let url = try BrokerFixture.url
            let connection = try AMQPConnection(url: url, connectionName: "test.headers")
            defer { connection.close() }
            try connection.declare(Topology(queues: [.quorum(queue)]))
            try connection.publish(sent, exchange: "", routingKey: queue, mandatory: false)
            try connection.startConsuming(queue: queue, prefetch: 1)
            let delivery = try BrokerFixture.expectDelivery(connection)
            try connection.ack(delivery.deliveryTag, multiple: false)
            return delivery
        }
        #expect(got.envelope == sent)
        #expect(got.envelope.headers.attempt == 2)
        #expect(got.envelope.headers.stripeAccount == "acct_1Abc")
    }

    @Test func batchConfirmsAndMultipleAck() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.batch")
        defer { BrokerFixture.deleteQueues([queue]) }
        let count = try await BrokerFixture.onThread { () -> Int in
            let url = try BrokerFixture.url
            let publisher = try AMQPConnection(url: url, connectionName: "test.publisher")
            defer { publisher.close() }
            try publisher.declare(Topology(queues: [.quorum(queue)]))
            try publisher.enableConfirms()
            for i in 0..<50 {
                try publisher.publish(
                    BrokerFixture.envelope(body: #"{"i":\#(i)}"#), exchange: "",
                    routingKey: queue, mandatory: true)
            }
            try publisher.waitForConfirms(timeout: .seconds(20))
            let consumer = try AMQPConnection(url: url, connectionName: "test.consumer")
            defer { consumer.close() }
            try consumer.startConsuming(queue: queue, prefetch: 100)
            var last: UInt64 = 0
            var seen = 0
            while seen < 50, let d = try consumer.nextDelivery(timeout: .seconds(10)) {
                last = d.deliveryTag
                seen += 1
            }
            try consumer.ack(last, multiple: true)
            try consumer.cancelConsumers()
            return seen
        }
        #expect(count == 50)
        let left = try await BrokerFixture.onThread { () -> Int in
            let c = try AMQPConnection(url: try BrokerFixture.url, connectionName: "test.inspect")
            defer { c.close() }
            return try c.queueStatus(queue).messages
        }
        #expect(left == 0)
    }
}
