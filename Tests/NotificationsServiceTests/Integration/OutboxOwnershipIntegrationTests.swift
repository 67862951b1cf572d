import Bus
import Foundation
import Messages
import NotificationsService
@testable import Runtime
import Store
import Testing
import TestKit

/// One publisher per outbox row in the notifications service (docs/DESIGN.md §5): its relay
/// is woken after every webhook commit, yet a row one of its workers wrote (a
/// `notifications.backfill` reply here, a `notifications.email.sent` event alike) stays the
/// worker's until its grace period ends; a worker that dies between commit and publish is
/// still covered by the relay, which publishes the row once.
@Suite("Outbox rows in notifications have one publisher (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct OutboxOwnershipIntegrationTests {
    static let queue = BackfillStripeEvents.messageName

    @Test("a relay woken between a worker's commit and its publishes leaves the worker's reply to it: one copy")
    func nudgedRelayLeavesTheWorkersRow() async throws {
        try await NotificationsTestBed.run(patterns: ["stripe.#"]) { bed in
            let host = try #require(bed.host)
            let replies = ReplyQueue(url: bed.env.amqpURL)
            defer { replies.delete() }
            try await onThread { try replies.declare() }
            // Right after the worker's commit, before it publishes: wake the relay, as a webhook's
            // commit does, and let it run two takes that started after the commit.
            CrashSeam.arm(queue: Self.queue) {
                let before = host.outboxRelayStatistics?.takes ?? 0
                host.nudgeOutboxRelay()
                let deadline = ContinuousClock.now + .seconds(20)
                while (host.outboxRelayStatistics?.takes ?? 0) < before + 2, ContinuousClock.now < deadline {
                    host.nudgeOutboxRelay()
                    Thread.sleep(forTimeInterval: 0.005)
                }
            }
            let first = try await replies.send(BackfillStripeEvents())
            // Every copy of the first reply is ahead of the second's: one worker, one publisher
            // channel, and the second command is sent only once a first copy arrived.
            let firstCopies = try await onThread { try replies.take(until: first.correlationId ?? "", timeout: .seconds(30)) }
            #expect(firstCopies.count == 1)
            let second = try await replies.send(BackfillStripeEvents())
            let upToSecond = try await onThread { try replies.take(until: second.correlationId ?? "", timeout: .seconds(30)) }
            #expect(upToSecond.filter { $0 == first.correlationId }.isEmpty, "the relay published the worker's reply too")
            #expect(host.outboxRelayStatistics?.rows == 0)
        }
    }

    @Test("a worker that dies between commit and publish: the relay publishes its reply, once")
    func crashAfterCommitIsRecoveredOnce() async throws {
        try await NotificationsTestBed.run(patterns: ["stripe.#"]) { bed in
            let host = try #require(bed.host)
            let replies = ReplyQueue(url: bed.env.amqpURL)
            defer { replies.delete() }
            try await onThread { try replies.declare() }
            CrashSeam.arm(queue: Self.queue)
            let first = try await replies.send(BackfillStripeEvents())
            let firstCopies = try await onThread { try replies.take(until: first.correlationId ?? "", timeout: .seconds(30)) }
            #expect(firstCopies.count == 1)
            let registry = host.metrics.registry
            // The redelivered command is acked without work by the inbox.
            #expect(
                try await eventually {
                    registry.value("connectbus_messages_duplicate_total", labels: [Self.queue]) == 1
                })
            // The relay counts its batch once it committed, just after the broker confirmed it.
            #expect(try await eventually { host.outboxRelayStatistics?.rows == 1 })
            let second = try await replies.send(BackfillStripeEvents())
            let upToSecond = try await onThread { try replies.take(until: second.correlationId ?? "", timeout: .seconds(30)) }
            #expect(upToSecond.filter { $0 == first.correlationId }.isEmpty)
        }
    }
}

/// A reply queue of the test's own: commands sent with it as `reply_to`, replies read by
/// correlation id. Each call opens a short-lived connection on the calling dedicated thread.
private struct ReplyQueue: Sendable {
    let url: String
    let name = IntegrationEnvironment.uniqueName("notif.replies")

    private func connect() throws -> AMQPConnection {
        try AMQPConnection(url: try AMQPURL(url), connectionName: "notifications-tests.replies")
    }

    func declare() throws {
        let connection = try connect()
        defer { connection.close() }
        _ = try connection.declareQueue(QueueSpec(name: name))
    }

    func delete() {
        guard let connection = try? connect() else { return }
        defer { connection.close() }
        _ = try? connection.deleteQueue(name)
    }

    /// Publishes `command` (confirmed) with this queue as `reply_to` and a fresh
    /// correlation id, which its reply carries; returns its envelope.
    func send(_ command: BackfillStripeEvents) async throws -> Envelope {
        let envelope = try Envelope.make(
            command, appId: "notifications-tests", correlationId: Envelope.newMessageId(), replyTo: name)
        try await onThread {
            let connection = try connect()
            defer { connection.close() }
            try connection.enableConfirms()
            try connection.publish(
                envelope, exchange: Exchanges.commands, routingKey: BackfillStripeEvents.messageName, mandatory: true)
            try connection.waitForConfirms(timeout: .seconds(10))
        }
        return envelope
    }

    /// Reads replies (acking them) until one carries `correlationId`, or `timeout`; returns
    /// the correlation id of each reply read, in order.
    func take(until correlationId: String, timeout: Duration) throws -> [String] {
        let connection = try connect()
        defer { connection.close() }
        try connection.startConsuming(queue: name, prefetch: 50)
        var answered: [String] = []
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let delivery = try connection.nextDelivery(timeout: .milliseconds(200)) else { continue }
            try connection.ack(delivery.deliveryTag, multiple: false)
            answered.append(delivery.envelope.correlationId ?? "")
            if delivery.envelope.correlationId == correlationId { break }
        }
        return answered
    }
}
