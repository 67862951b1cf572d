import Bus
import Foundation
import Messages
import Runtime
import Store
import Testing
import TestKit

/// A command published again with the same `message_id` (DESIGN §4 "Retried commands"): the
/// stored reply comes back byte for byte, under its first `message_id`, with
/// `x-replayed: true` to the retry's `reply_to`,
/// no handler runs, another body under the same id is refused with
/// `conflict.message_id_reused`, and a retry that arrives while the first delivery is still
/// running gets the reply that one commits.
@Suite("Replayed replies integration", .enabled(if: IntegrationEnvironment.isEnabled))
struct ReplayedReplyIntegrationTests {
    /// A reply that differs on every handler run, so an identical body proves a replay.
    struct Stamped: Codable, Sendable, Equatable {
        var doubled: Int
        var stamp: String
    }

    /// A route on `bed.queue` whose handler counts its runs, calls `before` (with the run's
    /// number for that message id) and replies with a fresh stamp.
    private func route(
        _ bed: TestBed, mode: Route.Mode, calls: CallCounter,
        before: @escaping @Sendable (Envelope, Int) throws -> Void = { _, _ in }
    ) -> Route {
        let handler: MessageHandler = { envelope, context in
            let payload = try MessageCoder.decode(TestPayload.self, from: envelope.body)
            let run = calls.record(envelope.messageId)
            try before(envelope, run)
            try context.reply(Reply<Stamped>.ok(Stamped(doubled: payload.n * 2, stamp: UUID().uuidString)))
            return .done
        }
        return Route.raw(
            queue: bed.queue, mode: mode, exchange: Exchanges.commands, patterns: [bed.queue],
            handlers: [bed.queue: handler])
    }

    /// `command` again: same message id, correlation id and body, a reply queue of its own.
    private func retry(of command: Envelope, replyTo: String, body: String? = nil) -> Envelope {
        var again = command
        again.replyTo = replyTo
        if let body { again.body = Array(body.utf8) }
        return again
    }

    @Test(
        "a retried command gets its stored reply, byte for byte, and another body under its id is refused",
        arguments: [Route.Mode.batched, .oneAtATime(rateLimited: false)])
    func retriedCommandGetsItsStoredReply(mode: Route.Mode) async throws {
        try await TestBed.with("replay") { bed in
            let calls = CallCounter()
            let retryQueue = bed.replyQueue + ".retry"
            let conflictQueue = bed.replyQueue + ".conflict"
            let host = bed.host(routes: [route(bed, mode: mode, calls: calls)])
            try await bed.start(host)
            let command = bed.command(bed.queue, body: #"{"n": 21}"#)
            try await onThread {
                for queue in [bed.replyQueue, retryQueue, conflictQueue] { try bed.broker.declare(queue) }
                try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let first = try #require(try await onThread { try bed.broker.take(1, from: bed.replyQueue) }.first)
            try await onThread {
                try bed.broker.publish(
                    [retry(of: command, replyTo: retryQueue)], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let replayed = try #require(try await onThread { try bed.broker.take(1, from: retryQueue) }.first)
            #expect(replayed.envelope.body == first.envelope.body)
            #expect(replayed.envelope.headers.extra[MessageHeaders.Key.replayed] == "true")
            #expect(first.envelope.headers.extra[MessageHeaders.Key.replayed] == nil)
            #expect(replayed.envelope.type == first.envelope.type)
            #expect(replayed.envelope.correlationId == command.correlationId)
            #expect(replayed.envelope.headers.causationId == command.messageId)
            // The same reply again: a platform that got the first copy drops this one by its id.
            #expect(replayed.envelope.messageId == first.envelope.messageId)

            try await onThread {
                try bed.broker.publish(
                    [retry(of: command, replyTo: conflictQueue, body: #"{"n": 22}"#)], exchange: Exchanges.commands,
                    routingKey: bed.queue)
            }
            let refused = try #require(try await onThread { try bed.broker.take(1, from: conflictQueue) }.first)
            let error = try #require(try MessageCoder.decode(Reply<Stamped>.self, from: refused.envelope.body).failure)
            #expect(error.code == ReplyError.Code.messageIdReused)
            #expect(!error.retryable)
            let parked = try #require(try await onThread { try bed.broker.take(1, from: bed.queue + ".dlq") }.first)
            #expect(parked.envelope.headers.extra[MessageHeaders.Key.errorCode] == ReplyError.Code.messageIdReused)
            try await bed.stop(host)
            #expect(calls.count(command.messageId) == 1)
            #expect(try await onThread { try bed.inboxRows(command.messageId) } == 1)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
            #expect(try await onThread { try bed.broker.messageCount(bed.replyQueue) } == 0)
            bed.broker.delete([retryQueue, conflictQueue])
        }
    }

    /// Batched: the retry reaches the second worker while the first worker's batch holds the
    /// message's inbox row; its inbox statement waits on that row's lock, and once the first
    /// commits it finds the reply — no second handler run.
    @Test func aBatchedRetryWhileTheFirstIsRunningGetsTheReplyItCommits() async throws {
        try await TestBed.with("replaywait") { bed in
            let calls = CallCounter()
            let started = Flag()
            let sawWaiter = Flag()
            let url = bed.env.databaseURL
            let retryQueue = bed.replyQueue + ".retry"
            let holding = route(bed, mode: .batched, calls: calls) { _, run in
                guard run == 1 else { return }
                started.set()
                // Hold the batch's transaction (and its inbox row) until the retry's inbox
                // statement waits on the row's lock.
                let probe = try PGConnection(url: url, applicationName: "runtime-tests-probe")
                let deadline = ContinuousClock.now + .seconds(20)
                while ContinuousClock.now < deadline {
                    let waiting =
                        try probe.execute(
                            """
                            SELECT count(*) AS count FROM pg_stat_activity
                            WHERE wait_event_type = 'Lock' AND query LIKE '%inbox%'
                            """
                        ).first.map { try $0.int("count") } ?? 0
                    if waiting > 0 { sawWaiter.set(); return }
                    Thread.sleep(forTimeInterval: 0.02)
                }
            }
            let host = bed.host(routes: [holding], workers: 2)
            try await bed.start(host)
            let command = bed.command(bed.queue, body: #"{"n": 3}"#)
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.declare(retryQueue)
                try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            #expect(try await eventually { started.isSet })
            try await onThread {
                try bed.broker.publish(
                    [retry(of: command, replyTo: retryQueue)], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let first = try #require(try await onThread { try bed.broker.take(1, from: bed.replyQueue) }.first)
            let replayed = try #require(try await onThread { try bed.broker.take(1, from: retryQueue) }.first)
            try await bed.stop(host)
            #expect(sawWaiter.isSet)
            #expect(replayed.envelope.body == first.envelope.body)
            #expect(replayed.envelope.headers.extra[MessageHeaders.Key.replayed] == "true")
            #expect(calls.count(command.messageId) == 1)
            bed.broker.delete([retryQueue])
        }
    }

    /// One at a time: the retry's handler runs beside the first (nothing is recorded before a
    /// commit), the later commit meets the earlier one's inbox row, rolls back and sends the
    /// stored reply: both reply queues get the same body, one of them marked as replayed.
    @Test func aOneAtATimeRetryWhileTheFirstIsRunningGetsTheReplyItCommits() async throws {
        try await TestBed.with("replayrace") { bed in
            let calls = CallCounter()
            let retryQueue = bed.replyQueue + ".retry"
            let racing = route(bed, mode: .oneAtATime(rateLimited: false), calls: calls) { envelope, run in
                guard run == 1 else { return }
                let deadline = ContinuousClock.now + .seconds(20)
                while calls.count(envelope.messageId) < 2, ContinuousClock.now < deadline {
                    Thread.sleep(forTimeInterval: 0.02)
                }
            }
            let host = bed.host(routes: [racing], workers: 2)
            try await bed.start(host)
            let command = bed.command(bed.queue, body: #"{"n": 3}"#)
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.declare(retryQueue)
                try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            #expect(try await eventually { calls.count(command.messageId) == 1 })
            try await onThread {
                try bed.broker.publish(
                    [retry(of: command, replyTo: retryQueue)], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let first = try #require(try await onThread { try bed.broker.take(1, from: bed.replyQueue) }.first)
            let second = try #require(try await onThread { try bed.broker.take(1, from: retryQueue) }.first)
            try await bed.stop(host)
            #expect(calls.count(command.messageId) == 2)
            #expect(first.envelope.body == second.envelope.body)
            let marks = [first, second].map { $0.envelope.headers.extra[MessageHeaders.Key.replayed] }
            #expect(marks.filter { $0 == "true" }.count == 1 && marks.contains(nil))
            #expect(try await onThread { try bed.inboxRows(command.messageId) } == 1)
            #expect(try await onThread { try bed.broker.messageCount(bed.replyQueue) } == 0)
            #expect(try await onThread { try bed.broker.messageCount(retryQueue) } == 0)
            bed.broker.delete([retryQueue])
        }
    }
}
