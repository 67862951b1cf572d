import Foundation
import Messages
import TestKit
import Testing
@testable import Bus

@Suite("Broker-side closes (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct BrokerCloseTests {
    @Test func publishingToAMissingExchangeSurfacesInWaitForConfirms() async throws {
        let exchange = IntegrationEnvironment.uniqueName("bus.test.no_such_exchange")
        let error = try await BrokerFixture.onThread { () -> BusError? in
            let c = try AMQPConnection(url: try BrokerFixture.url, connectionName: "test.publisher")
            defer { c.close() }
            try c.enableConfirms()
            try c.publish(BrokerFixture.envelope(), exchange: exchange, routingKey: "x", mandatory: true)
            return BrokerFixture.busError { () throws(BusError) in try c.waitForConfirms(timeout: .seconds(10)) }
        }
        #expect(error?.code == BusError.Code.channelClosed)
        #expect(error?.replyCode == 404)
        #expect(error?.message.contains(exchange) == true)
    }

    @Test func channelCloseArrivingWhileConsumingIsReportedWithItsText() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.badack")
        defer { BrokerFixture.deleteQueues([queue]) }
        let error = try await BrokerFixture.onThread { () -> BusError? in
            let c = try AMQPConnection(url: try BrokerFixture.url, connectionName: "test.consumer")
            defer { c.close() }
            _ = try c.declareQueue(.quorum(queue))
            try c.startConsuming(queue: queue, prefetch: 1)
            try c.ack(999, multiple: false)  // unknown delivery tag: the broker closes the channel
            return BrokerFixture.busError { () throws(BusError) in _ = try c.nextDelivery(timeout: .seconds(10)) }
        }
        #expect(error?.code == BusError.Code.channelClosed)
        #expect(error?.replyCode == 406)
        #expect(error?.message.contains("unknown delivery tag") == true)
    }

    @Test func tlsToAPlainPortFailsToConnect() async throws {
        let plain = try BrokerFixture.url
        let url = try AMQPURL("amqps://\(plain.user):\(plain.password)@\(plain.host):\(plain.port)/?connection_timeout=3000")
        let error = try await BrokerFixture.onThread { () -> BusError? in
            BrokerFixture.busError { () throws(BusError) in _ = try AMQPConnection(url: url, connectionName: "test.tls") }
        }
        #expect(error?.code == BusError.Code.connectionFailed)
        #expect(error?.message.contains("amqps://") == true)
    }

    @Test func missingCABundleIsReported() async throws {
        let url = try AMQPURL("amqps://127.0.0.1/?cacertfile=%2Fnonexistent%2Fca.pem")
        let error = try await BrokerFixture.onThread { () -> BusError? in
            BrokerFixture.busError { () throws(BusError) in _ = try AMQPConnection(url: url, connectionName: "test.tls") }
        }
        #expect(error?.code == BusError.Code.connectionFailed)
        #expect(error?.message.contains("/nonexistent/ca.pem") == true)
    }
}
