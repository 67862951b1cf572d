import Foundation
import Messages
import TestKit
import Testing
@testable import Bus

/// A command used only by these tests.
struct EchoCommand: CommandMessage {
    static let messageName = "bustest.echo"
    static let schemaVersion = 1
    struct Result: Codable, Sendable, Equatable { var text: String; var stripeAccount: String? }
    var text: String
}

@Suite("Request/reply (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct RequestReplyTests {
    /// Declares `queue` bound to `routingKey` on the commands exchange, then answers up to
    /// `count` commands on a dedicated thread (first an unrelated reply, then the real one).
    static func startResponder(queue: String, routingKey: String, count: Int) throws -> Thread {
        let url = try BrokerFixture.url
        let setUp = try AMQPConnection(url: url, connectionName: "test.responder.setup")
        try setUp.declare(
            Topology(
                exchanges: Topology.exchanges.exchanges, queues: [.quorum(queue)],
                bindings: [BindingSpec(queue: queue, exchange: Exchanges.commands, pattern: routingKey)]))
        setUp.close()
        let thread = Thread {
            do {
                let consumer = try AMQPConnection(url: url, connectionName: "test.responder")
                defer { consumer.close() }
                try consumer.enableConfirms()
                try consumer.startConsuming(queue: queue, prefetch: 1)
                for _ in 0..<count {
                    guard let d = try consumer.nextDelivery(timeout: .seconds(20)), let replyTo = d.envelope.replyTo else { return }
                    let command = try MessageCoder.decode(EchoCommand.self, from: d.envelope.body)
                    let result = EchoCommand.Result(
                        text: command.text.uppercased(),
                        stripeAccount: d.envelope.headers.stripeAccount)
                    var stale = try Envelope.reply(Reply<EchoCommand.Result>.ok(result), to: d.envelope, appId: "responder")
                    stale.correlationId = "someone-else"
                    try consumer.publish(stale, exchange: "", routingKey: replyTo, mandatory: false)
                    let reply = try Envelope.reply(Reply<EchoCommand.Result>.ok(result), to: d.envelope, appId: "responder")
                    try consumer.publish(reply, exchange: "", routingKey: replyTo, mandatory: false)
                    try consumer.waitForConfirms(timeout: .seconds(10))
                    try consumer.ack(d.deliveryTag, multiple: false)
                }
            } catch {
                Issue.record("responder failed: \(error)")
            }
        }
        thread.start()
        return thread
    }

    @Test func typedCommandGetsItsReply() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.echo")
        defer { BrokerFixture.deleteQueues([queue]) }
        _ = try Self.startResponder(queue: queue, routingKey: EchoCommand.messageName, count: 1)
        let reply = try await BrokerFixture.onThread { () -> Reply<EchoCommand.Result> in
            let client = try RequestReplyClient(url: try BrokerFixture.url, appId: "bus-tests")
            defer { client.close() }
            return try client.send(EchoCommand(text: "hello"), stripeAccount: "acct_42", timeout: .seconds(20))
        }
        #expect(reply == .ok(EchoCommand.Result(text: "HELLO", stripeAccount: "acct_42")))
    }

    @Test func rawCommandReplyCarriesTheCorrelationId() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.raw")
        let routingKey = IntegrationEnvironment.uniqueName("bustest.raw_echo")
        defer { BrokerFixture.deleteQueues([queue]) }
        _ = try Self.startResponder(queue: queue, routingKey: routingKey, count: 1)
        let reply = try await BrokerFixture.onThread { () -> Envelope in
            let client = try RequestReplyClient(url: try BrokerFixture.url, appId: "bus-tests")
            defer { client.close() }
            return try client.sendRaw(type: routingKey, body: Array(#"{"text":"abc"}"#.utf8), timeout: .seconds(20))
        }
        #expect(reply.type == routingKey + ".reply")
        #expect(reply.correlationId != "someone-else")
        #expect(reply.appId == "responder")
        #expect(String(decoding: reply.body, as: UTF8.self).contains("ABC"))
    }

    @Test func commandNobodyConsumesIsUnroutable() async throws {
        let routingKey = IntegrationEnvironment.uniqueName("bustest.nobody")
        let error = try await BrokerFixture.onThread { () -> BusError? in
            let client = try RequestReplyClient(url: try BrokerFixture.url, appId: "bus-tests")
            defer { client.close() }
            return BrokerFixture.busError { () throws(BusError) in
                _ = try client.sendRaw(type: routingKey, body: Array("{}".utf8), timeout: .seconds(10))
            }
        }
        #expect(error?.code == BusError.Code.unroutable)
    }

    @Test func unansweredCommandTimesOut() async throws {
        let queue = IntegrationEnvironment.uniqueName("bus.test.silent_service")
        defer { BrokerFixture.deleteQueues([queue]) }
        let error = try await BrokerFixture.onThread { () -> BusError? in
            let url = try BrokerFixture.url
            let setUp = try AMQPConnection(url: url, connectionName: "test.setup")
            try setUp.declare(
                Topology(
                    exchanges: Topology.exchanges.exchanges, queues: [.quorum(queue)],
                    bindings: [BindingSpec(queue: queue, exchange: Exchanges.commands, pattern: queue)]))
            setUp.close()
            let client = try RequestReplyClient(url: url, appId: "bus-tests")
            defer { client.close() }
            return BrokerFixture.busError { () throws(BusError) in
                _ = try client.sendRaw(type: queue, body: Array("{}".utf8), timeout: .milliseconds(500))
            }
        }
        #expect(error?.code == BusError.Code.timeout)
    }
}
