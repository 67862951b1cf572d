import Bus
import Foundation
import Messages
import TestKit
import Testing
@testable import ConnectBusCLI

@Suite("Dead-letter queues: show, replay, purge (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct DeadLetterQueueTests {
    /// Declares `<base>` with its retry and dead-letter queues and parks `count` messages.
    static func park(_ count: Int, base: String) throws {
        let connection = try BrokerThread.environment.connect("test-park")
        defer { connection.close() }
        try connection.declare(Topology.commandQueue(base))
        try connection.enableConfirms()
        for index in 0..<count {
            let headers = MessageHeaders(
                stripeAccount: "acct_test", attempt: 3,
                extra: [
                    MessageHeaders.Key.errorCode: "stripe.api_error", MessageHeaders.Key.errorMessage: "boom \(index)",
                    MessageHeaders.Key.originalQueue: base, MessageHeaders.Key.originalRoutingKey: base,
                    MessageHeaders.Key.failedAt: "1700000000",
                ])
            let envelope = Envelope(
                messageId: "m-\(index)", type: base, appId: "test", headers: headers,
                body: Array(#"{"n":\#(index)}"#.utf8))
            try connection.publish(
                envelope, exchange: Exchanges.default, routingKey: Topology.deadLetterQueueName(base),
                mandatory: true)
        }
        try connection.waitForConfirms(timeout: .seconds(30))
    }

    /// The queue's ready messages; with `reaching`, polls (up to 30 s) until the depth is
    /// that number, since requeued messages become ready asynchronously.
    static func depth(_ queue: String, reaching wanted: Int? = nil) throws -> Int {
        let connection = try BrokerThread.environment.connect("test-depth")
        defer { connection.close() }
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let depth = try connection.queueStatus(queue).messages
            guard let wanted, depth != wanted, ContinuousClock.now < deadline else { return depth }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    @Test func showLeavesTheMessagesParked() async throws {
        let base = IntegrationEnvironment.uniqueName("cli.test.show")
        defer { BrokerThread.delete(Topology.commandQueue(base).queues.map(\.name)) }
        let (shown, after) = try await BrokerThread.run { () throws -> ([String], Int) in
            try Self.park(3, base: base)
            let dlq = try DeadLetterQueue(name: Topology.deadLetterQueueName(base), environment: BrokerThread.environment)
            let deliveries = try dlq.peek(limit: 10)
            let shown = deliveries.enumerated().map { DLQVerb.describe($1.envelope, index: $0 + 1, queue: dlq) }
            return (shown, try Self.depth(dlq.name, reaching: 3))
        }
        #expect(shown.count == 3)
        #expect(shown.first?.contains("stripe.api_error: boom") == true)
        #expect(shown.first?.contains("2023-11-14T22:13:20Z") == true)
        #expect(after == 3)
    }

    @Test func replayMovesMessagesBackWithoutErrorHeaders() async throws {
        let base = IntegrationEnvironment.uniqueName("cli.test.replay")
        defer { BrokerThread.delete(Topology.commandQueue(base).queues.map(\.name)) }
        let (moved, progress, parked, back) = try await BrokerThread.run { () throws -> (Int, [Int], Int, [Delivery]) in
            try Self.park(150, base: base)
            let dlq = try DeadLetterQueue(name: Topology.deadLetterQueueName(base), environment: BrokerThread.environment)
            var progress: [Int] = []
            let moved = try dlq.replay(limit: 1000) { done, _ in progress.append(done) }
            let connection = try BrokerThread.environment.connect("test-read")
            defer { connection.close() }
            try connection.startConsuming(queue: base, prefetch: 200)
            var back: [Delivery] = []
            while back.count < 150, let delivery = try connection.nextDelivery(timeout: .seconds(10)) {
                back.append(delivery)
            }
            if let last = back.last { try connection.ack(last.deliveryTag, multiple: true) }
            return (moved, progress, try Self.depth(dlq.name), back)
        }
        #expect(moved == 150)
        #expect(progress == [100, 150])
        #expect(parked == 0)
        #expect(back.count == 150)
        #expect(Set(back.map(\.envelope.messageId)).count == 150, "message ids are kept")
        let first = try #require(back.first?.envelope)
        #expect(first.headers.attempt == 0)
        #expect(first.headers.extra[MessageHeaders.Key.errorCode] == nil)
        #expect(first.headers.stripeAccount == "acct_test")
    }

    @Test func purgeDropsOnlyWhatWasThereAndTheVerbAsksForYes() async throws {
        let base = IntegrationEnvironment.uniqueName("cli.test.purge")
        let dlqName = Topology.deadLetterQueueName(base)
        defer { BrokerThread.delete(Topology.commandQueue(base).queues.map(\.name)) }
        let (withoutYes, purged, after) = try await BrokerThread.run { () throws -> (Int32, Int, Int) in
            try Self.park(2, base: base)
            let env = ["AMQP_URL": BrokerThread.environment.amqpURL]
            let withoutYes = ConnectBusCLI.run(["dlq", "purge", dlqName], environment: env)
            let purged = try DeadLetterQueue(name: dlqName, environment: BrokerThread.environment).purge(limit: 100)
            return (withoutYes, purged, try Self.depth(dlqName))
        }
        #expect(withoutYes == 2)
        #expect(purged == 2)
        #expect(after == 0)
    }

    @Test func aQueueThatIsNotADeadLetterQueueIsRefused() {
        #expect(throws: CLIError.self) { try DeadLetterQueue(name: "payments.create_product", environment: BrokerThread.environment) }
    }

    @Test func replayedEnvelopeDropsErrorHeadersAndAttempt() {
        let headers = MessageHeaders(attempt: 3, extra: [MessageHeaders.Key.errorCode: "x", "x-other": "kept"])
        let copy = DeadLetterQueue.replayed(Envelope(messageId: "m1", type: "t", appId: "a", headers: headers, body: []))
        #expect(copy.messageId == "m1")
        #expect(copy.headers.attempt == 0)
        #expect(copy.headers.extra == ["x-other": "kept"])
    }
}

/// Group and single-message actions on a real dead-letter queue.
@Suite("Dead-letter groups: replay, purge, export (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct DeadLetterGroupActionTests {
    /// Parks `count` messages failing with `code` and a message that differs by id only.
    static func park(_ count: Int, base: String, code: String, from start: Int) throws {
        let connection = try BrokerThread.environment.connect("test-park")
        defer { connection.close() }
        try connection.declare(Topology.commandQueue(base))
        try connection.enableConfirms()
        for index in start..<(start + count) {
            let headers = MessageHeaders(
                attempt: 3,
                extra: [
                    MessageHeaders.Key.errorCode: code, MessageHeaders.Key.errorMessage: "failed for acct_\(index)X9 at 17",
                    MessageHeaders.Key.originalQueue: base, MessageHeaders.Key.failedAt: String(1_700_000_000 + index),
                ])
            let envelope = Envelope(
                messageId: "m-\(index)", type: base, appId: "test", headers: headers,
                body: Array(#"{"n":\#(index)}"#.utf8))
            try connection.publish(
                envelope, exchange: Exchanges.default, routingKey: Topology.deadLetterQueueName(base),
                mandatory: true)
        }
        try connection.waitForConfirms(timeout: .seconds(30))
    }

    @Test func aGroupIsReplayedAloneAndOneMessageIsPurgedAlone() async throws {
        let base = IntegrationEnvironment.uniqueName("cli.test.groups")
        defer { BrokerThread.delete(Topology.commandQueue(base).queues.map(\.name)) }
        let result = try await BrokerThread.run {
            () throws -> (
                groups: [DeadLetterGroup], replayed: Int, purged: Int,
                left: [String], back: Int
            ) in
            try Self.park(4, base: base, code: "stripe.rate_limit", from: 0)
            try Self.park(3, base: base, code: "stripe.api_error", from: 10)
            let dlq = try DeadLetterQueue(name: Topology.deadLetterQueueName(base), environment: BrokerThread.environment)
            let groups = DeadLetterGroup.grouping(try dlq.peek(limit: 100).map { ParkedMessage(dlq: dlq.name, envelope: $0.envelope) })
            let rateLimited = try #require(groups.first { $0.fingerprint.code == "stripe.rate_limit" })
            _ = try DeadLetterQueueTests.depth(dlq.name, reaching: 7)  // the peeked messages are ready again
            let replayed = try dlq.act(replay: true, limit: 100) {
                ParkedMessage(dlq: dlq.name, envelope: $0).fingerprint.id == rateLimited.fingerprint.id
            }
            _ = try DeadLetterQueueTests.depth(dlq.name, reaching: 3)
            let purged = try dlq.act(replay: false, limit: 100) { $0.messageId == "m-11" }
            _ = try DeadLetterQueueTests.depth(dlq.name, reaching: 2)
            let left = try dlq.peek(limit: 100).map(\.envelope.messageId).sorted()
            return (groups, replayed, purged, left, try DeadLetterQueueTests.depth(base, reaching: 4))
        }
        #expect(result.groups.map(\.count) == [4, 3])
        #expect(result.groups[0].firstSeen == 1_700_000_000)
        #expect(result.groups[0].lastSeen == 1_700_000_003)
        #expect(result.groups[0].fingerprint.message == "failed for <id> at <n>")
        #expect(result.replayed == 4)
        #expect(result.purged == 1)
        #expect(result.left == ["m-10", "m-12"])
        #expect(result.back == 4)
    }
}

/// The oldest-message age of `connectbus status` on a real, unconsumed queue.
@Suite("Queue ages (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct QueueAgeTests {
    @Test func theOldestTimestampIsFoundAndTheOrderIsKept() async throws {
        let queue = IntegrationEnvironment.uniqueName("cli.test.age")
        defer { BrokerThread.delete([queue]) }
        let (age, order) = try await BrokerThread.run { () throws -> (Double?, [String]) in
            let connection = try BrokerThread.environment.connect("test-age")
            defer { connection.close() }
            try connection.declare(Topology(queues: [QueueSpec(name: queue, arguments: ["x-queue-type": .string("quorum")])]))
            try connection.enableConfirms()
            for (index, seconds) in [1_700_000_000.0, 1_700_000_100, 1_700_000_050].enumerated() {
                let envelope = Envelope(
                    messageId: "m-\(index)", type: "t", timestamp: Date(timeIntervalSince1970: seconds),
                    appId: "test", headers: MessageHeaders(), body: Array("{}".utf8))
                try connection.publish(envelope, exchange: Exchanges.default, routingKey: queue, mandatory: true)
            }
            try connection.waitForConfirms(timeout: .seconds(30))
            let age = QueueAges.oldestAge(
                of: queue, environment: BrokerThread.environment,
                now: Date(timeIntervalSince1970: 1_700_000_600))
            _ = try DeadLetterQueueTests.depth(queue, reaching: 3)
            try connection.startConsuming(queue: queue, prefetch: 10)
            var order: [String] = []
            while order.count < 3, let delivery = try connection.nextDelivery(timeout: .seconds(10)) {
                order.append(delivery.envelope.messageId)
                try connection.ack(delivery.deliveryTag, multiple: false)
            }
            return (age, order)
        }
        #expect(age == 600)
        #expect(order == ["m-0", "m-1", "m-2"])
    }
}
