import Bus
import Foundation
import Messages
import Runtime
import Store
import Synchronization
import Testing
import TestKit

/// The worker pool against the real broker and database: each test has its own schema and
/// queue, runs a ServiceHost in-process on real threads, and inspects the servers directly.
@Suite("Worker integration", .enabled(if: IntegrationEnvironment.isEnabled))
struct WorkerIntegrationTests {
    /// A batched route on `bed.queue` whose handler decodes `TestPayload`, counts calls and
    /// replies with `n * 2`; `fail` may throw for a given payload and attempt.
    private func route(
        _ bed: TestBed, calls: CallCounter,
        fail: @escaping @Sendable (TestPayload, Int) throws -> Void = { _, _ in }
    ) -> Route {
        let type = bed.queue
        let handler: MessageHandler = { envelope, context in
            let payload = try MessageCoder.decode(TestPayload.self, from: envelope.body)
            calls.record(envelope.messageId)
            try fail(payload, envelope.headers.attempt)
            try context.reply(Reply<TestResult>.ok(TestResult(doubled: payload.n * 2)))
            return .done
        }
        return Route.raw(
            queue: bed.queue, mode: .batched, exchange: Exchanges.commands, patterns: [bed.queue],
            handlers: [type: handler])
    }

    @Test func commandIsConsumedRepliedToAndAckedOnce() async throws {
        try await TestBed.with("once") { bed in
            let calls = CallCounter()
            let host = bed.host(routes: [route(bed, calls: calls)])
            try await bed.start(host)
            let command = bed.command(bed.queue, body: #"{"n": 21}"#)
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let replies = try await onThread { try bed.broker.take(1, from: bed.replyQueue) }
            let reply = try #require(replies.first)
            #expect(reply.envelope.type == bed.queue + ".reply")
            #expect(reply.envelope.correlationId == command.correlationId)
            #expect(reply.envelope.headers.causationId == command.messageId)
            #expect(try MessageCoder.decode(Reply<TestResult>.self, from: reply.envelope.body) == .ok(TestResult(doubled: 42)))
            try await bed.stop(host)
            #expect(calls.count(command.messageId) == 1)
            #expect(try await onThread { try bed.inboxRows(command.messageId) } == 1)
            // After shutdown an unacked message would be back in the queue.
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
            #expect(host.metrics.registry.value("connectbus_messages_processed_total", labels: [bed.queue]) == 1)
            #expect(try await onThread { try bed.count("SELECT count(*) AS count FROM \(bed.schema).outbox") } == 0)
        }
    }

    @Test func aCommandWithoutTypeTakesItsQueuesName() async throws {
        try await TestBed.with("notype") { bed in
            let calls = CallCounter()
            let host = bed.host(routes: [route(bed, calls: calls)])
            try await bed.start(host)
            let command = bed.command("", body: #"{"n": 4}"#)
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let replies = try await onThread { try bed.broker.take(1, from: bed.replyQueue) }
            let reply = try #require(replies.first)
            #expect(reply.envelope.type == bed.queue + ".reply")
            #expect(try MessageCoder.decode(Reply<TestResult>.self, from: reply.envelope.body) == .ok(TestResult(doubled: 8)))
            try await bed.stop(host)
            #expect(calls.count(command.messageId) == 1)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue + ".dlq") } == 0)
        }
    }

    /// A message without `reply_to` (as every event) seen twice is acked without work and
    /// answers nothing (commands with one get their stored reply: ReplayedReplyIntegrationTests).
    @Test func duplicateMessageIdIsAcknowledgedWithoutWork() async throws {
        try await TestBed.with("dup") { bed in
            let calls = CallCounter()
            let host = bed.host(routes: [route(bed, calls: calls)])
            try await bed.start(host)
            var withoutReplyTo = bed.command(bed.queue, body: #"{"n": 1}"#)
            withoutReplyTo.replyTo = nil
            let command = withoutReplyTo
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.publish([command, command], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let registry = host.metrics.registry
            #expect(
                try await eventually {
                    (registry.value("connectbus_messages_processed_total", labels: [bed.queue]) ?? 0)
                        + (registry.value("connectbus_messages_duplicate_total", labels: [bed.queue]) ?? 0) >= 2
                })
            try await bed.stop(host)
            #expect(calls.count(command.messageId) == 1)
            #expect(registry.value("connectbus_messages_duplicate_total", labels: [bed.queue]) == 1)
            #expect(try await onThread { try bed.inboxRows(command.messageId) } == 1)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
            #expect(try await onThread { try bed.broker.messageCount(bed.replyQueue) } == 0)
        }
    }

    @Test func undecodableMessageIsDeadLetteredAndTheNextOneIsProcessed() async throws {
        try await TestBed.with("poison") { bed in
            let calls = CallCounter()
            let host = bed.host(routes: [route(bed, calls: calls)])
            try await bed.start(host)
            let poison = bed.command(bed.queue, body: "not json")
            let unknown = bed.command("rt.unknown_type", body: #"{"n": 2}"#)
            let good = bed.command(bed.queue, body: #"{"n": 3}"#)
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.publish([poison, unknown, good], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let parked = try await onThread { try bed.broker.take(2, from: bed.queue + ".dlq") }
            #expect(parked.count == 2)
            let byId = Dictionary(parked.map { ($0.envelope.messageId, $0.envelope) }, uniquingKeysWith: { a, _ in a })
            let poisoned = try #require(byId[poison.messageId])
            #expect(poisoned.headers.extra["x-error-code"] == ReplyError.Code.malformedMessage)
            #expect(!(poisoned.headers.extra["x-error-message"] ?? "").isEmpty)
            #expect(poisoned.headers.extra["x-original-queue"] == bed.queue)
            #expect(poisoned.body == Array("not json".utf8))
            #expect(byId[unknown.messageId]?.headers.extra["x-error-code"] == ReplyError.Code.unknownMessage)
            // Replies: an error for each dead-lettered command, the result for the good one.
            let replies = try await onThread { try bed.broker.take(3, from: bed.replyQueue) }
            let okReply = replies.first { $0.envelope.correlationId == good.correlationId }
            #expect(
                try okReply.map { try MessageCoder.decode(Reply<TestResult>.self, from: $0.envelope.body) }
                    == .ok(TestResult(doubled: 6)))
            try await bed.stop(host)
            #expect(calls.count(good.messageId) == 1)
            #expect(try await onThread { try bed.inboxRows(poison.messageId) } == 0)
        }
    }

    @Test func transientFailureIsRetriedThroughTheDelayQueuesThenParked() async throws {
        try await TestBed.with("retry") { bed in
            let calls = CallCounter()
            let host = bed.host(routes: [
                route(bed, calls: calls) { _, _ in
                    throw StoreError(code: StoreError.Code.serializationFailure, sqlState: "40001", message: "simulated")
                }
            ])
            try await bed.start(host)
            let command = bed.command(bed.queue, body: #"{"n": 5}"#)
            try await onThread { try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue) }
            let parked = try await onThread { try bed.broker.take(1, from: bed.queue + ".dlq") }
            let envelope = try #require(parked.first?.envelope)
            #expect(envelope.messageId == command.messageId)
            #expect(envelope.headers.attempt == bed.retryDelays.count)
            #expect(envelope.headers.extra["x-error-code"] == StoreError.Code.serializationFailure)
            #expect(envelope.headers.extra["x-failed-at"] != nil)
            // Every attempt is in the history: the first delivery and each retry, oldest first.
            let history = FailureHistory.records(envelope.headers.extra["x-failures"])
            #expect(history.map(\.attempt) == Array(0...bed.retryDelays.count))
            #expect(history.allSatisfy { $0.code == StoreError.Code.serializationFailure && $0.queue.hasPrefix(bed.queue) })
            #expect(history.first?.queue == bed.queue)
            try await bed.stop(host)
            #expect(calls.count(command.messageId) == bed.retryDelays.count + 1)
            #expect(host.metrics.registry.value("connectbus_messages_retried_total", labels: [bed.queue]) == 2)
            #expect(host.metrics.registry.value("connectbus_messages_dead_lettered_total", labels: [bed.queue]) == 1)
        }
    }

    @Test func aCommandOfANewerSchemaVersionIsRetriedThenParkedUnhandled() async throws {
        try await TestBed.with("newer") { bed in
            let calls = CallCounter()
            let queue = bed.queue
            let host = bed.host(routes: [
                Route.raw(
                    queue: bed.queue, mode: .batched, exchange: Exchanges.commands, patterns: [bed.queue],
                    handlers: [
                        bed.queue: { envelope, context in
                            try SchemaVersionGate.admit(envelope, command: queue, knownVersion: 1)
                            let payload = try MessageCoder.decode(TestPayload.self, from: envelope.body)
                            calls.record(envelope.messageId)
                            try context.reply(Reply<TestResult>.ok(TestResult(doubled: payload.n * 2)))
                            return .done
                        }
                    ])
            ])
            try await bed.start(host)
            var newer = bed.command(bed.queue, body: #"{"n": 5, "added_in_v2": true}"#)
            newer.headers.schemaVersion = 2
            let current = bed.command(bed.queue, body: #"{"n": 6}"#)
            let sent = [newer, current]
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.publish(sent, exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let parked = try await onThread { try bed.broker.take(1, from: bed.queue + ".dlq") }
            let envelope = try #require(parked.first?.envelope)
            #expect(envelope.messageId == newer.messageId)
            #expect(envelope.headers.schemaVersion == 2)
            #expect(envelope.headers.extra["x-error-code"] == SchemaVersionGate.tooNewCode)
            #expect(FailureHistory.records(envelope.headers.extra["x-failures"]).count == bed.retryDelays.count + 1)
            let replies = try await onThread { try bed.broker.take(2, from: bed.replyQueue) }
            let refusal = try #require(replies.first { $0.envelope.correlationId == newer.correlationId })
            guard case .error(let error) = try MessageCoder.decode(Reply<TestResult>.self, from: refusal.envelope.body) else {
                Issue.record("the too-new command got no error reply")
                return
            }
            #expect(error.code == SchemaVersionGate.tooNewCode && error.retryable && error.parked == true)
            try await bed.stop(host)
            #expect(calls.count(newer.messageId) == 0)
            #expect(calls.count(current.messageId) == 1)
        }
    }

    @Test func inABatchOnlyTheFailingMessageIsRolledBackAndRetried() async throws {
        try await TestBed.with("batch") { bed in
            let calls = CallCounter()
            let migration = Migration(version: 1, name: "handled", sql: "CREATE TABLE handled (n int NOT NULL)")
            let schema = bed.schema
            let handler: MessageHandler = { envelope, context in
                let payload = try MessageCoder.decode(TestPayload.self, from: envelope.body)
                calls.record(envelope.messageId)
                try context.db.execute("INSERT INTO \(schema).handled (n) VALUES ($1)", [.int(Int64(payload.n))])
                if payload.n == 3 && envelope.headers.attempt == 0 {
                    throw HandlerError.retry(code: "test.flaky", message: "third message fails once")
                }
                return .done
            }
            let route = Route.raw(
                queue: bed.queue, mode: .batched, exchange: Exchanges.commands,
                patterns: [bed.queue], handlers: [bed.queue: handler])
            // Declare and fill the queue first so the five messages are waiting when the worker starts.
            let setup = bed.host(routes: [route], prefetch: 5)
            try await onThread { try setup.start() }
            try await bed.stop(setup)
            let commands = (1...5).map { bed.command(bed.queue, body: "{\"n\": \($0)}") }
            try await onThread { try bed.broker.publish(commands, exchange: Exchanges.commands, routingKey: bed.queue) }
            let host = bed.host(routes: [route], prefetch: 5, migrations: [migration])
            try await bed.start(host)
            #expect(
                try await eventually {
                    try bed.count("SELECT count(*) AS count FROM \(schema).handled") == 5
                })
            try await bed.stop(host)
            #expect(commands.map { calls.count($0.messageId) } == [1, 1, 2, 1, 1])
            #expect(try await onThread { try bed.count("SELECT count(DISTINCT n) AS count FROM \(schema).handled") } == 5)
            #expect(host.metrics.registry.value("connectbus_messages_retried_total", labels: [bed.queue]) == 1)
            #expect(host.metrics.registry.value("connectbus_messages_processed_total", labels: [bed.queue]) == 5)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
        }
    }
}
