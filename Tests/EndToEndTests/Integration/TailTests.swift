import Bus
import Foundation
import Messages
import TestKit
import Testing
@testable import ConnectBusCLI

@Suite("tail: a monitoring consumer on connectbus.events (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct TailTests {
    /// Fast backoff so the tests do not wait for the CLI's real 10 s cap.
    static let quickPolicy = ReconnectPolicy(initialDelay: .milliseconds(50), maxDelay: .milliseconds(400), jitter: 0)

    @Test func runsAsTheMonitorUserAndReceivesOnlyMatchingEventsPublishedAfterItStarted() async throws {
        let topic = IntegrationEnvironment.uniqueName("clitest")
        let monitor = try AMQPURL(try BrokerAdmin.amqpURL(user: "monitor", password: "monitor"))
        let lines = try await BrokerThread.run { () throws -> [String] in
            let seen = Lines()
            let follower = EventFollower(
                url: monitor, patterns: ["\(topic).order.*"],
                onReady: { _, _ in
                    seen.note(publish: [
                        "\(topic).order.paid": 100, "\(topic).account.updated": 1,
                        "\(topic).order.refunded": 40,
                    ])
                },
                emit: { seen.append(EventLine.text(routingKey: $0.routingKey, envelope: $0.envelope)) })
            try follower.follow(limit: 2, duration: .seconds(60))
            return seen.lines
        }
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\(topic).order.paid  acct_t  amount=100  currency=usd") == true)
        #expect(lines.last?.contains("\(topic).order.refunded") == true)
    }

    @Test func reconnectsWithBackoffAfterItsConnectionIsClosedAndKeepsItsDurableQueue() async throws {
        let topic = IntegrationEnvironment.uniqueName("clitest")
        let user = IntegrationEnvironment.uniqueName("monitor_test")
        let queue = "monitor.\(topic)"
        let connectionName = "connectbus.tail.\(topic)"
        defer {
            BrokerThread.delete([queue])
            BrokerAdmin.deleteUser(user)
        }
        let (lines, notices, readyCalls) = try await BrokerThread.run { () throws -> ([String], [String], [String]) in
            try BrokerAdmin.createUser(user, password: user)
            try BrokerAdmin.setPermissions(user, BrokerAdmin.monitorPermissions)
            let seen = Lines()
            let follower = EventFollower(
                url: try AMQPURL(try BrokerAdmin.amqpURL(user: user, password: user)), patterns: ["\(topic).#"],
                queueName: queue, policy: Self.quickPolicy, connectionName: connectionName,
                onReady: { queue, reconnected in
                    seen.ready.append("\(queue) reconnected=\(reconnected)")
                    guard !reconnected else { return }
                    // The broker refuses the user's next logins, then an operator closes the
                    // connection: tail must retry. Events published now wait in its queue.
                    seen.run {
                        try BrokerAdmin.clearPermissions(user)
                        try BrokerAdmin.forceClose(clientNamed: connectionName)
                        try BrokerAdmin.waitForNoConsumers(queue)
                    }
                    seen.note(publish: ["\(topic).order.paid": 1, "\(topic).order.refunded": 2])
                },
                notice: { line in
                    seen.notices.append(line)
                    // After two refused attempts the broker takes the user back.
                    if line.contains("reconnect attempt 2 failed") {
                        seen.run { try BrokerAdmin.setPermissions(user, BrokerAdmin.monitorPermissions) }
                    }
                },
                emit: { seen.append($0.routingKey) })
            try follower.follow(limit: 2, duration: .seconds(120))
            return (seen.lines, seen.notices, seen.ready)
        }
        #expect(lines == ["\(topic).order.paid", "\(topic).order.refunded"], "notices: \(notices)")
        #expect(readyCalls == ["\(queue) reconnected=false", "\(queue) reconnected=true"])
        let lost = try #require(notices.first)
        #expect(lost.contains("connection lost"), "\(lost)")
        #expect(lost.contains("durable"))
        #expect(notices.contains { $0.contains("reconnect attempt 1 failed") && $0.contains("next attempt in") })
        #expect(notices.contains { $0.contains("reconnect attempt 2 failed") })
        #expect(notices.last?.contains("reconnected") == true)
    }

    @Test func declaresANewServerNamedQueueAfterALossAndSaysWhatWasMissed() async throws {
        let topic = IntegrationEnvironment.uniqueName("clitest")
        let connectionName = "connectbus.tail.\(topic)"
        let monitor = try AMQPURL(try BrokerAdmin.amqpURL(user: "monitor", password: "monitor"))
        let (lines, notices, readyCalls) = try await BrokerThread.run { () throws -> ([String], [String], [String]) in
            let seen = Lines()
            let follower = EventFollower(
                url: monitor, patterns: ["\(topic).#"], policy: Self.quickPolicy, connectionName: connectionName,
                onReady: { queue, reconnected in
                    seen.ready.append(queue)
                    if reconnected {
                        seen.note(publish: ["\(topic).order.paid": 3])
                    } else {
                        seen.run { try BrokerAdmin.forceClose(clientNamed: connectionName) }
                    }
                },
                notice: { seen.notices.append($0) },
                emit: { seen.append($0.routingKey) })
            try follower.follow(limit: 1, duration: .seconds(120))
            return (seen.lines, seen.notices, seen.ready)
        }
        #expect(lines == ["\(topic).order.paid"], "notices: \(notices)")
        #expect(readyCalls.count == 2)
        #expect(readyCalls.allSatisfy { $0.hasPrefix("amq.gen-") })
        #expect(Set(readyCalls).count == 2, "the exclusive queue is gone with its connection")
        #expect(notices.first?.contains("missed") == true, "\(notices)")
    }

    @Test func aQueueTheMonitorUserMayNotDeclareFailsAtOnceWithAHint() async throws {
        let monitor = try AMQPURL(try BrokerAdmin.amqpURL(user: "monitor", password: "monitor"))
        let error = try await BrokerThread.run { () -> CLIError? in
            let follower = EventFollower(
                url: monitor, patterns: ["#"], queueName: "payments.not-mine",
                emit: { _ in })
            do throws(CLIError) {
                try follower.follow(limit: 1, duration: .seconds(30))
                return nil
            } catch {
                return error
            }
        }
        let refused = try #require(error)
        #expect(refused.message.contains("ACCESS_REFUSED"), "\(refused)")
        #expect(refused.hint.contains("monitor.*"))
    }
}

/// What a follower saw, filled on its own thread (the callbacks run there) and read once it
/// returned. Publishing from a callback uses a connection of its own, as the admin.
private final class Lines: @unchecked Sendable {
    var lines: [String] = []
    var notices: [String] = []
    var ready: [String] = []

    func append(_ line: String) { lines.append(line) }

    /// Runs an operator step; a failure becomes a line, so the test reports it.
    func run(_ step: () throws -> Void) {
        do { try step() } catch { lines.append("step failed: \(error)") }
    }

    /// Publishes one event per routing key (body `{"amount":N,"currency":"usd"}`), confirmed.
    func note(publish events: KeyValuePairs<String, Int>) {
        run {
            let publisher = try BrokerThread.environment.connect("test-publish")
            defer { publisher.close() }
            try publisher.enableConfirms()
            for (key, amount) in events {
                let envelope = Envelope(
                    type: key, appId: "test", headers: MessageHeaders(stripeAccount: "acct_t"),
                    body: Array(#"{"amount":\#(amount),"currency":"usd"}"#.utf8))
                try publisher.publish(envelope, exchange: Exchanges.events, routingKey: key, mandatory: false)
            }
            try publisher.waitForConfirms(timeout: .seconds(30))
        }
    }
}
