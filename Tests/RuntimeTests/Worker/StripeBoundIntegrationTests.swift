import Bus
import Foundation
import Messages
import Runtime
import Store
import Testing
import TestKit

/// Stripe-bound routes: one message per transaction, the handler's work outside the
/// transaction first, then state + inbox + reply committed together.
@Suite("Stripe-bound integration", .enabled(if: IntegrationEnvironment.isEnabled))
struct StripeBoundIntegrationTests {
    @Test func handlerWritesStateAndReplyInItsTransactionAndDuplicatesAreSkipped() async throws {
        try await TestBed.with("stripebound") { bed in
            let calls = CallCounter()
            let schema = bed.schema
            let migration = Migration(version: 1, name: "charges", sql: "CREATE TABLE charges (n int NOT NULL)")
            let handler: MessageHandler = { envelope, context in
                let payload = try MessageCoder.decode(TestPayload.self, from: envelope.body)
                calls.record(envelope.messageId)
                // (A Stripe call would happen here, before any transaction is open.)
                let inTransactionBefore = context.db.isInTransaction
                _ = try context.transaction { db in
                    try db.execute("INSERT INTO \(schema).charges (n) VALUES ($1)", [.int(Int64(payload.n))])
                }
                try context.reply(Reply<TestResult>.ok(TestResult(doubled: inTransactionBefore ? -1 : payload.n * 2)))
                return .done
            }
            let route = Route.raw(
                queue: bed.queue, mode: .oneAtATime(rateLimited: true), exchange: Exchanges.commands,
                patterns: [bed.queue], handlers: [bed.queue: handler])
            let host = bed.host(routes: [route], migrations: [migration])
            try await bed.start(host)
            let command = bed.command(bed.queue, body: #"{"n": 4}"#)
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.publish([command, command], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let replies = try await onThread { try bed.broker.take(1, from: bed.replyQueue) }
            #expect(
                try replies.first.map { try MessageCoder.decode(Reply<TestResult>.self, from: $0.envelope.body) }
                    == .ok(TestResult(doubled: 8)))
            let registry = host.metrics.registry
            #expect(
                try await eventually {
                    registry.value("connectbus_messages_duplicate_total", labels: [bed.queue]) == 1
                })
            try await bed.stop(host)
            #expect(calls.count(command.messageId) == 1)
            #expect(try await onThread { try bed.count("SELECT count(*) AS count FROM \(schema).charges") } == 1)
            #expect(try await onThread { try bed.inboxRows(command.messageId) } == 1)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
        }
    }

    /// A concurrent redelivery that commits the message's inbox row while this delivery's
    /// handler runs: the deferred inbox row then fails and takes the transaction with it —
    /// whether the handler's own statement or the COMMIT carried it — so neither the state
    /// nor the reply is kept or published twice, and the delivery is acked as a duplicate.
    @Test(arguments: [true, false])
    func aConcurrentRedeliveryThatCommittedFirstLeavesNoSecondEffect(handlerWrites: Bool) async throws {
        try await TestBed.with("stripedup") { bed in
            let schema = bed.schema
            let url = bed.env.databaseURL
            let migration = Migration(version: 1, name: "charges", sql: "CREATE TABLE charges (n int NOT NULL)")
            let handler: MessageHandler = { envelope, context in
                let other = try PGConnection(url: url, applicationName: "runtime-tests-redelivery")
                try other.execute(
                    "INSERT INTO \(schema).inbox (message_id, queue) VALUES ($1, $2)",
                    [.text(envelope.messageId), .text(context.queue)])
                if handlerWrites {
                    _ = try context.transaction { db in
                        try db.execute("INSERT INTO \(schema).charges (n) VALUES (1)")
                    }
                }
                try context.reply(Reply<TestResult>.ok(TestResult(doubled: 2)))
                return .done
            }
            let route = Route.raw(
                queue: bed.queue, mode: .oneAtATime(rateLimited: true), exchange: Exchanges.commands,
                patterns: [bed.queue], handlers: [bed.queue: handler])
            let host = bed.host(routes: [route], migrations: [migration])
            try await bed.start(host)
            let command = bed.command(bed.queue, body: #"{"n": 1}"#)
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let registry = host.metrics.registry
            #expect(
                try await eventually {
                    registry.value("connectbus_messages_duplicate_total", labels: [bed.queue]) == 1
                })
            try await bed.stop(host)
            #expect(registry.value("connectbus_messages_processed_total", labels: [bed.queue]) ?? 0 == 0)
            #expect(try await onThread { try bed.count("SELECT count(*) AS count FROM \(schema).charges") } == 0)
            #expect(try await onThread { try bed.count("SELECT count(*) AS count FROM \(schema).outbox") } == 0)
            #expect(try await onThread { try bed.broker.messageCount(bed.replyQueue) } == 0)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
        }
    }

    /// With a prefetch above 1 the worker handles every delivery it holds one at a time, in
    /// its own transaction, and settles their confirms and acks together: each command
    /// still replies once, a duplicate gets the stored reply again (`x-replayed`) without a
    /// second run, a failing one is retried alone, and nothing stays unacked.
    @Test func deliveriesOfOneTakeAreHandledAloneAndSettledTogether() async throws {
        try await TestBed.with("stripetake") { bed in
            let calls = CallCounter()
            let schema = bed.schema
            let migration = Migration(version: 1, name: "charges", sql: "CREATE TABLE charges (n int NOT NULL)")
            let handler: MessageHandler = { envelope, context in
                let payload = try MessageCoder.decode(TestPayload.self, from: envelope.body)
                if calls.record(envelope.messageId) == 1 && payload.n == 3 {
                    throw HandlerError.retry(code: "test.flaky", message: "third command fails once")
                }
                _ = try context.transaction { db in
                    try db.execute("INSERT INTO \(schema).charges (n) VALUES ($1)", [.int(Int64(payload.n))])
                }
                try context.reply(Reply<TestResult>.ok(TestResult(doubled: payload.n * 2)))
                return .done
            }
            let route = Route.raw(
                queue: bed.queue, mode: .oneAtATime(rateLimited: false), exchange: Exchanges.commands,
                patterns: [bed.queue], handlers: [bed.queue: handler])
            let commands = (1...8).map { bed.command(bed.queue, body: #"{"n": \#($0)}"#) }
            try await onThread { try bed.broker.declare(bed.replyQueue) }
            let host = bed.host(routes: [route], migrations: [migration], stripeBoundPrefetch: 10)
            // Declare the topology first, then fill the queue while no worker consumes it.
            try await onThread { try host.start() }
            try await bed.stop(host)
            try await onThread {
                try bed.broker.publish(commands + [commands[0]], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let running = bed.host(routes: [route], migrations: [migration], stripeBoundPrefetch: 10)
            try await bed.start(running)
            let replies = try await onThread { try bed.broker.take(9, from: bed.replyQueue) }
            let answers = try replies.map { try MessageCoder.decode(Reply<TestResult>.self, from: $0.envelope.body) }
            let doubled = (1...8).map { Reply<TestResult>.ok(TestResult(doubled: $0 * 2)) }
            #expect(answers.count == 9 && doubled.allSatisfy { answer in answers.contains(answer) })
            let replayed = replies.filter { $0.envelope.headers.extra[MessageHeaders.Key.replayed] == "true" }
            #expect(replayed.count == 1 && replayed.first?.envelope.headers.causationId == commands[0].messageId)
            let registry = running.metrics.registry
            #expect(
                try await eventually {
                    registry.value("connectbus_messages_processed_total", labels: [bed.queue]) == 8
                        && registry.value("connectbus_messages_duplicate_total", labels: [bed.queue]) == 1
                })
            try await bed.stop(running)
            #expect(try await onThread { try bed.count("SELECT count(*) AS count FROM \(schema).charges") } == 8)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
            #expect(try await onThread { try bed.broker.messageCount(bed.replyQueue) } == 0)
            #expect(calls.count(commands[2].messageId) == 2)
            #expect(calls.count(commands[0].messageId) == 1)
        }
    }
}
