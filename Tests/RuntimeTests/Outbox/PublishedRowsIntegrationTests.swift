import Bus
import Foundation
import Messages
import Store
import Synchronization
import Testing
import TestKit
@testable import Runtime

/// The worker publishes its committed outbox rows from memory and deletes them with its
/// next statement (docs/DESIGN.md §5, `PublishedRows`): a published row never waits for
/// the relay, and a crash between commit and publish still publishes every committed row
/// exactly once, from the relay.
@Suite("Published outbox rows (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct PublishedRowsIntegrationTests {
    private func route(_ bed: TestBed, mode: Route.Mode, calls: CallCounter) -> Route {
        let handler: MessageHandler = { envelope, context in
            let payload = try MessageCoder.decode(TestPayload.self, from: envelope.body)
            calls.record(envelope.messageId)
            try context.reply(Reply<TestResult>.ok(TestResult(doubled: payload.n * 2)))
            return .done
        }
        return Route.raw(
            queue: bed.queue, mode: mode, exchange: Exchanges.commands, patterns: [bed.queue],
            handlers: [bed.queue: handler])
    }

    /// Whether the reply queue stays empty for `wait` (no second copy of a reply).
    private func staysEmpty(_ bed: TestBed, for wait: Duration) async throws -> Bool {
        try await Task.sleep(for: wait)
        return try await onThread { try bed.broker.messageCount(bed.replyQueue) } == 0
    }

    @Test(
        "a row the worker published is deleted by the worker, not republished by the relay",
        arguments: [Route.Mode.batched, .oneAtATime(rateLimited: true)])
    func publishedRowIsNotRepublished(mode: Route.Mode) async throws {
        try await TestBed.with("published") { bed in
            let calls = CallCounter()
            let host = bed.host(routes: [route(bed, mode: mode, calls: calls)], relayGrace: .seconds(1))
            try await bed.start(host)
            let commands = (0..<3).map { bed.command(bed.queue, body: #"{"n": \#($0)}"#) }
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.publish(commands, exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let replies = try await onThread { try bed.broker.take(3, from: bed.replyQueue) }
            #expect(Set(replies.compactMap(\.envelope.correlationId)) == Set(commands.compactMap(\.correlationId)))
            // Past the relay's grace (1 s) and several of its polls: a row left behind would be published again.
            #expect(try await staysEmpty(bed, for: .milliseconds(2500)))
            #expect(try await onThread { try bed.count("SELECT count(*) AS count FROM \(bed.schema).outbox") } == 0)
            try await bed.stop(host)
            #expect(commands.allSatisfy { calls.count($0.messageId) == 1 })
        }
    }

    @Test(
        "a crash between commit and publish: the relay publishes the committed reply exactly once",
        arguments: [Route.Mode.batched, .oneAtATime(rateLimited: true)])
    func crashBetweenCommitAndPublish(mode: Route.Mode) async throws {
        try await TestBed.with("crashpub") { bed in
            let calls = CallCounter()
            let host = bed.host(routes: [route(bed, mode: mode, calls: calls)], relayGrace: .milliseconds(300))
            try await bed.start(host)
            CrashSeam.arm(queue: bed.queue)
            let command = bed.command(bed.queue, body: #"{"n": 21}"#)
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let replies = try await onThread { try bed.broker.take(1, from: bed.replyQueue) }
            #expect(replies.map(\.envelope.correlationId) == [command.correlationId])
            #expect(
                try replies.first.map { try MessageCoder.decode(Reply<TestResult>.self, from: $0.envelope.body) }
                    == .ok(TestResult(doubled: 42)))
            // The redelivery is acked without work (inbox); nothing publishes the reply again.
            let registry = host.metrics.registry
            #expect(
                try await eventually {
                    registry.value("connectbus_messages_duplicate_total", labels: [bed.queue]) == 1
                })
            #expect(try await staysEmpty(bed, for: .milliseconds(1500)))
            #expect(try await onThread { try bed.count("SELECT count(*) AS count FROM \(bed.schema).outbox") } == 0)
            try await bed.stop(host)
            #expect(calls.count(command.messageId) == 1)
            #expect(try await onThread { try bed.inboxRows(command.messageId) } == 1)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
        }
    }

    @Test(
        "woken between a worker's commit and its publishes, the relay publishes at once the rows written for it and leaves the worker's: one copy of each",
        arguments: [Route.Mode.batched, .oneAtATime(rateLimited: true)])
    func nudgedRelayTakesRowsWrittenForItOnly(mode: Route.Mode) async throws {
        try await TestBed.with("owned") { bed in
            let calls = CallCounter()
            // An hour's grace: whatever the relay publishes here, it publishes because it was woken.
            let host = bed.host(routes: [route(bed, mode: mode, calls: calls)], relayGrace: .seconds(3600))
            try await bed.start(host)
            try await onThread { try bed.broker.declare(bed.replyQueue) }
            let handedOver = OutboxMessage(
                exchange: Exchanges.default, routingKey: bed.replyQueue, messageId: Envelope.newMessageId(),
                type: "rt.written_for_relay", appId: "rt-test", timestamp: Date(),
                headersJSON: Array(#"{"x-schema-version": 1}"#.utf8), body: Array("{}".utf8), mandatory: false)
            let url = bed.env.databaseURL, schema = bed.schema
            // Right after the worker's commit, before it publishes: a writer that never publishes
            // (as the webhook ingress) commits a row for the relay and wakes it; the relay
            // publishes that row (two takes started after the commit) and must leave the worker's.
            CrashSeam.arm(queue: bed.queue) {
                do {
                    let db = try PGConnection(url: url, applicationName: "rt-tests.ingress")
                    _ = try OutboxWriter(schema: schema).enqueue(
                        [KeyedOutboxMessage(key: "k", message: handedOver)],
                        ifReturnedBy: "SELECT m.key FROM message m", parameters: [], on: db)
                } catch {
                    Issue.record("could not write the row for the relay: \(error)")
                }
                let deadline = ContinuousClock.now + .seconds(20)
                while (host.outboxRelayStatistics?.rows ?? 0) < 1, ContinuousClock.now < deadline {
                    host.nudgeOutboxRelay()
                    Thread.sleep(forTimeInterval: 0.005)
                }
                let takes = host.outboxRelayStatistics?.takes ?? 0
                while (host.outboxRelayStatistics?.takes ?? 0) < takes + 2, ContinuousClock.now < deadline {
                    host.nudgeOutboxRelay()
                    Thread.sleep(forTimeInterval: 0.005)
                }
            }
            let command = bed.command(bed.queue, body: #"{"n": 4}"#)
            try await onThread { try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue) }
            let first = try await onThread { try bed.broker.take(2, from: bed.replyQueue) }
            #expect(first.map(\.envelope.messageId).first == handedOver.messageId)
            #expect(first.map(\.envelope.correlationId).last == command.correlationId)
            // A second command: its reply comes after every copy of the first's (one worker,
            // one publisher channel).
            let next = bed.command(bed.queue, body: #"{"n": 5}"#)
            try await onThread { try bed.broker.publish([next], exchange: Exchanges.commands, routingKey: bed.queue) }
            let rest = try await onThread { try bed.broker.take(1, from: bed.replyQueue) }
            #expect(rest.map(\.envelope.correlationId) == [next.correlationId], "the relay published the worker's reply too")
            #expect(host.outboxRelayStatistics?.rows == 1)
            #expect(try await eventually { try bed.count("SELECT count(*) AS count FROM \(bed.schema).outbox") == 0 })
            try await bed.stop(host)
        }
    }

    /// A started host with the doubling route in `mode` and the relay's grace `relayGrace`.
    private func startedHost(_ bed: TestBed, mode: Route.Mode, relayGrace: Duration) async throws -> ServiceHost {
        let host = bed.host(routes: [route(bed, mode: mode, calls: CallCounter())], relayGrace: relayGrace)
        try await bed.start(host)
        return host
    }

    /// Sends a command, takes its reply, then a second command's: one worker publishes both on
    /// one channel, so a second copy of the first reply would come before the second's.
    private func oneReplyEach(_ bed: TestBed) async throws {
        let command = bed.command(bed.queue, body: #"{"n": 6}"#)
        try await onThread {
            try bed.broker.declare(bed.replyQueue)
            try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue)
        }
        let first = try await onThread { try bed.broker.take(1, from: bed.replyQueue) }
        #expect(first.map(\.envelope.correlationId) == [command.correlationId])
        let next = bed.command(bed.queue, body: #"{"n": 7}"#)
        try await onThread { try bed.broker.publish([next], exchange: Exchanges.commands, routingKey: bed.queue) }
        let rest = try await onThread { try bed.broker.take(1, from: bed.replyQueue) }
        #expect(rest.map(\.envelope.correlationId) == [next.correlationId], "the first reply was published twice")
        #expect(try await eventually { try bed.count("SELECT count(*) AS count FROM \(bed.schema).outbox") == 0 })
    }

    @Test(
        "a transaction that ran past the relay's grace: the worker locks its rows before publishing and leaves those the relay took: one copy",
        arguments: [Route.Mode.batched, .oneAtATime(rateLimited: true)])
    func lateTransactionLeavesTakenRowsToTheRelay(mode: Route.Mode) async throws {
        try await TestBed.with("late") { bed in
            let grace = Duration.milliseconds(300)
            let host = try await startedHost(bed, mode: mode, relayGrace: grace)
            // Right after the commit, before the worker publishes: the rows grow older than the
            // grace and the relay publishes them (a stalled worker, as far as it can tell).
            CrashSeam.arm(queue: bed.queue) {
                Thread.sleep(forTimeInterval: (grace + .milliseconds(100)).seconds)
                blockUntil { (host.outboxRelayStatistics?.rows ?? 0) >= 1 }
            }
            try await oneReplyEach(bed)
            #expect(host.outboxRelayStatistics?.rows == 1)
            #expect(host.metrics.registry.value("connectbus_outbox_held_total", labels: [bed.queue]) == 1)
            try await bed.stop(host)
        }
    }

    @Test(
        "confirms slower than the relay's grace: the worker holds its rows and the relay leaves them: one copy",
        arguments: [Route.Mode.batched, .oneAtATime(rateLimited: true)])
    func slowConfirmsHoldTheRows(mode: Route.Mode) async throws {
        try await TestBed.with("held") { bed in
            let grace = Duration.milliseconds(300)
            let host = try await startedHost(bed, mode: mode, relayGrace: grace)
            // The broker has not confirmed by half the grace: the worker holds the rows; while
            // held they grow older than the grace and the relay polls twice more.
            let schema = bed.schema
            let heldRows = Mutex<Int?>(nil)
            CrashSeam.armConfirmStall(queue: bed.queue) {
                Thread.sleep(forTimeInterval: (grace + .milliseconds(100)).seconds)
                let takes = host.outboxRelayStatistics?.takes ?? 0
                blockUntil { (host.outboxRelayStatistics?.takes ?? 0) >= takes + 2 }
                // Still in the table, for anyone who looks without locking (the lag gauges).
                heldRows.withLock { $0 = try? bed.count("SELECT count(*) AS count FROM \(schema).outbox") }
            }
            try await oneReplyEach(bed)
            #expect(heldRows.withLock { $0 } == 1)
            #expect(host.outboxRelayStatistics?.rows == 0)
            #expect(host.metrics.registry.value("connectbus_outbox_held_total", labels: [bed.queue]) == 1)
            try await bed.stop(host)
        }
    }

    @Test("a slow one-at-a-time handler does not keep the rows published before it past the relay's grace: one copy")
    func slowHandlerDoesNotHoldEarlierRows() async throws {
        try await TestBed.with("slow") { bed in
            let hostSlot = HostSlot()
            let broker = bed.broker, queue = bed.queue, grace = Duration.milliseconds(300)
            let commands = (1...3).map { bed.command(bed.queue, body: #"{"n": \#($0)}"#) }
            let second = commands[1]
            let handler: MessageHandler = { envelope, context in
                let payload = try MessageCoder.decode(TestPayload.self, from: envelope.body)
                if payload.n == 1 {
                    // The next command reaches the worker's buffer while this one runs, after its
                    // take was formed: when this take is settled (its reply confirmed and
                    // remembered), the worker goes straight on to the next without idling.
                    try broker.publish([second], exchange: Exchanges.commands, routingKey: queue)
                    blockUntil { (try? broker.messageCount(queue)) == 0 }
                } else if payload.n == 2 {
                    // A slow handler (a Stripe call, an e-mail): longer than the grace, and two
                    // relay takes after that.
                    Thread.sleep(forTimeInterval: (grace * 2).seconds)
                    let takes = hostSlot.host?.outboxRelayStatistics?.takes ?? 0
                    blockUntil { (hostSlot.host?.outboxRelayStatistics?.takes ?? 0) >= takes + 2 }
                }
                try context.reply(Reply<TestResult>.ok(TestResult(doubled: payload.n * 2)))
                return .done
            }
            let route = Route.raw(
                queue: bed.queue, mode: .oneAtATime(rateLimited: false), exchange: Exchanges.commands,
                patterns: [bed.queue], handlers: [bed.queue: handler])
            let host = bed.host(routes: [route], relayGrace: grace, stripeBoundPrefetch: 2)
            hostSlot.host = host
            try await bed.start(host)
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.publish([commands[0]], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let first = try await onThread { try bed.broker.take(2, from: bed.replyQueue) }
            #expect(first.map(\.envelope.correlationId) == commands.prefix(2).map(\.correlationId))
            // A third command: its reply comes after every copy of the first two (one worker, one
            // publisher channel).
            try await onThread { try bed.broker.publish([commands[2]], exchange: Exchanges.commands, routingKey: bed.queue) }
            let rest = try await onThread { try bed.broker.take(1, from: bed.replyQueue) }
            #expect(rest.map(\.envelope.correlationId) == [commands[2].correlationId], "the relay published a worker's reply too")
            #expect(host.outboxRelayStatistics?.rows == 0)
            try await bed.stop(host)
        }
    }
}

/// The host a test's handler asks about, set once it is built.
private final class HostSlot: Sendable {
    private let slot = Mutex<ServiceHost?>(nil)
    var host: ServiceHost? {
        get { slot.withLock { $0 } }
        set { slot.withLock { $0 = newValue } }
    }
}
