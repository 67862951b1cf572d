import Bus
import Foundation
import Messages
import Runtime
import Store
import Testing
import TestKit

/// Crash and outage recovery against the real servers: the outbox relay publishes what
/// a broker outage left behind, and the inbox turns a redelivery after a lost ack into a no-op.
@Suite("Recovery integration", .enabled(if: IntegrationEnvironment.isEnabled))
struct RecoveryIntegrationTests {
    /// Declares `queue` and migrates the test's schema (outbox and inbox only).
    private static func prepare(_ bed: TestBed, queue: String) throws {
        try bed.broker.declare(queue)
        let db = try PGConnection(url: bed.env.databaseURL, applicationName: "runtime-tests")
        try Migrator(schema: bed.schema, migrations: []).migrate(db)
    }

    /// Writes an outbox row that publishes `event` to `queue` through the default exchange.
    private static func enqueue(_ event: Envelope, to queue: String, _ bed: TestBed) throws {
        let db = try PGConnection(url: bed.env.databaseURL, applicationName: "runtime-tests")
        try db.transaction { db in
            _ = try OutboxWriter(schema: bed.schema).enqueue(
                OutboxMessage(
                    exchange: "", routingKey: queue, messageId: event.messageId, type: event.type,
                    appId: event.appId, timestamp: event.timestamp, body: event.body, mandatory: false), on: db)
        }
    }

    @Test func outboxRowWrittenWhileTheBrokerIsUnreachableIsPublishedWhenItIsBack() async throws {
        try await TestBed.with("relay") { bed in
            let target = bed.queue
            let event = Envelope(type: "rt.something_happened", appId: "runtime-tests", body: Array(#"{"n":1}"#.utf8))
            try await onThread {
                try Self.prepare(bed, queue: target)
                try Self.enqueue(event, to: target, bed)
            }
            let metrics = RuntimeMetrics(registry: MetricsRegistry())
            let log = Logger(service: "rt-test", level: .error)
            // A relay that cannot reach the broker (nothing listens on port 1) leaves the row alone.
            let unreachable = OutboxRelay(
                amqpURL: try AMQPURL("amqp://connectbus:connectbus@127.0.0.1:1/"),
                databaseURL: bed.env.databaseURL, schema: bed.schema, name: "rt.relay.down",
                grace: .zero, metrics: metrics, log: log)
            try unreachable.start()
            try await Task.sleep(for: .milliseconds(500))
            #expect(!unreachable.isConnected)
            _ = try await onThread { unreachable.stopAndJoin(timeout: .seconds(10)) }
            #expect(try await onThread { try bed.count("SELECT count(*) AS count FROM \(bed.schema).outbox") } == 1)
            // Once the broker is reachable the row is published (once) and deleted.
            let relay = OutboxRelay(
                amqpURL: try AMQPURL(bed.env.amqpURL), databaseURL: bed.env.databaseURL,
                schema: bed.schema, name: "rt.relay.up", grace: .zero, metrics: metrics, log: log)
            try relay.start()
            let received = try await onThread { try bed.broker.take(1, from: target) }
            _ = try await onThread { relay.stopAndJoin(timeout: .seconds(10)) }
            #expect(received.map(\.envelope.messageId) == [event.messageId])
            #expect(received.first?.envelope.body == event.body)
            #expect(try await onThread { try bed.count("SELECT count(*) AS count FROM \(bed.schema).outbox") } == 0)
            #expect(try await onThread { try bed.broker.messageCount(target) } == 0)
        }
    }

    @Test func aNudgedRelayPublishesAtOnceInsteadOfAtItsNextPoll() async throws {
        try await TestBed.with("nudge") { bed in
            let target = bed.queue
            let event = Envelope(type: "rt.nudged", appId: "runtime-tests", body: Array(#"{"n":2}"#.utf8))
            try await onThread { try Self.prepare(bed, queue: target) }
            // Polls once a minute: the 30 s wait for the message below only succeeds when the
            // nudge wakes it.
            let relay = OutboxRelay(
                amqpURL: try AMQPURL(bed.env.amqpURL), databaseURL: bed.env.databaseURL,
                schema: bed.schema, name: "rt.relay.nudge", grace: .zero,
                idleInterval: .seconds(60), metrics: RuntimeMetrics(registry: MetricsRegistry()),
                log: Logger(service: "rt-test", level: .error))
            try relay.start()
            #expect(try await eventually { relay.isConnected })
            try await Task.sleep(for: .milliseconds(300))  // Its first, empty poll is over.
            try await onThread { try Self.enqueue(event, to: target, bed) }
            relay.nudge()
            let received = try await onThread { try bed.broker.take(1, from: target, timeout: .seconds(30)) }
            _ = try await onThread { relay.stopAndJoin(timeout: .seconds(10)) }
            #expect(received.map(\.envelope.messageId) == [event.messageId])
        }
    }

    @Test func redeliveryAfterAConsumerDiedBeforeAckingIsANoOp() async throws {
        try await TestBed.with("killed") { bed in
            let calls = CallCounter()
            let handler: MessageHandler = { envelope, _ in
                calls.record(envelope.messageId)
                return .done
            }
            let route = Route.raw(
                queue: bed.queue, mode: .batched, exchange: Exchanges.commands,
                patterns: [bed.queue], handlers: [bed.queue: handler])
            let setup = bed.host(routes: [route])
            try await onThread { try setup.start() }
            try await bed.stop(setup)
            let command = bed.command(bed.queue)
            // A consumer takes the message, commits its work with the inbox row, then dies
            // (its connection closes) before acking.
            let redeliveredLater = try await onThread {
                try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue)
                let consumer = try AMQPConnection(url: try AMQPURL(bed.env.amqpURL), connectionName: "rt.doomed")
                try consumer.startConsuming(queue: bed.queue, prefetch: 1)
                guard let delivery = try consumer.nextDelivery(timeout: .seconds(30)) else { return false }
                let db = try PGConnection(url: bed.env.databaseURL, applicationName: "runtime-tests")
                let recorded = try db.transaction { db in
                    try Inbox(schema: bed.schema).record(messageId: delivery.envelope.messageId, queue: bed.queue, on: db)
                }
                consumer.close()
                return recorded && !delivery.redelivered
            }
            #expect(redeliveredLater)
            let host = bed.host(routes: [route])
            try await bed.start(host)
            let registry = host.metrics.registry
            #expect(
                try await eventually {
                    registry.value("connectbus_messages_duplicate_total", labels: [bed.queue]) == 1
                })
            try await bed.stop(host)
            #expect(calls.total == 0)
            #expect(try await onThread { try bed.inboxRows(command.messageId) } == 1)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
        }
    }

    @Test func workerReconnectsAfterItsDatabaseConnectionIsKilled() async throws {
        try await TestBed.with("dbloss") { bed in
            let calls = CallCounter()
            let handler: MessageHandler = { envelope, _ in
                calls.record(envelope.messageId)
                return .done
            }
            let route = Route.raw(
                queue: bed.queue, mode: .batched, exchange: Exchanges.commands,
                patterns: [bed.queue], handlers: [bed.queue: handler])
            let host = bed.host(routes: [route])
            try await bed.start(host)
            let first = bed.command(bed.queue)
            try await onThread { try bed.broker.publish([first], exchange: Exchanges.commands, routingKey: bed.queue) }
            #expect(try await eventually { calls.count(first.messageId) == 1 })
            // Kill the worker's Postgres session; the next batch must reconnect and succeed.
            let killed = try await onThread {
                try bed.count(
                    """
                    SELECT count(pg_terminate_backend(pid)) AS count FROM pg_stat_activity
                    WHERE application_name = $1
                    """, [.text("rt-test.\(bed.queue).1")])
            }
            #expect(killed == 1)
            let second = bed.command(bed.queue)
            try await onThread { try bed.broker.publish([second], exchange: Exchanges.commands, routingKey: bed.queue) }
            #expect(try await eventually { calls.count(second.messageId) >= 1 })
            try await bed.stop(host)
            #expect(try await onThread { try bed.inboxRows(second.messageId) } == 1)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
        }
    }

    /// The connection lost under a batched handler (the database restarted) takes the batch's
    /// transaction with it: the batch fails unacked and is redelivered to the reconnected
    /// worker, and no message is dead-lettered for the `store.transaction_state` of writing
    /// the batch's rows into a transaction that is gone.
    @Test(arguments: [1, 3])
    func aConnectionLostUnderABatchedHandlerRedeliversTheBatch(batchSize: Int) async throws {
        try await TestBed.with("dblost") { bed in
            let calls = CallCounter()
            // Published before the worker starts, so its first take holds all of them.
            let commands = (0..<batchSize).map { _ in bed.command(bed.queue) }
            let victim = commands[batchSize / 2].messageId
            let handler: MessageHandler = { envelope, context in
                let call = calls.record(envelope.messageId)
                if call == 1, envelope.messageId == victim {
                    // The session ends itself under the handler, as in a restart (57P01).
                    try context.db.execute("SELECT pg_terminate_backend(pg_backend_pid())")
                }
                try context.db.execute("SELECT 1")
                try context.reply(Reply<TestResult>.ok(TestResult(doubled: call)))
                return .done
            }
            let route = Route.raw(
                queue: bed.queue, mode: .batched, exchange: Exchanges.commands,
                patterns: [bed.queue], handlers: [bed.queue: handler])
            try await onThread { try bed.broker.declare(bed.replyQueue) }
            let setup = bed.host(routes: [route])
            try await onThread { try setup.start() }
            try await bed.stop(setup)
            try await onThread { try bed.broker.publish(commands, exchange: Exchanges.commands, routingKey: bed.queue) }
            let host = bed.host(routes: [route])
            try await bed.start(host)
            let replies = try await onThread { try bed.broker.take(batchSize, from: bed.replyQueue) }
            try await bed.stop(host)
            #expect(Set(replies.compactMap(\.envelope.correlationId)) == Set(commands.compactMap(\.correlationId)))
            for command in commands {
                #expect(try await onThread { try bed.inboxRows(command.messageId) } == 1)
            }
            #expect(calls.count(victim) == 2)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue + ".dlq") } == 0)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
        }
    }

    /// A session that ends between the batch's `COMMIT` answer and its pipeline's sync point
    /// (a database shutting down) leaves the committed batch answered and the connection
    /// unusable: the worker reconnects for the next batch, which is handled, rather than
    /// dead-lettering it with `store.transaction_state` from a connection libpq still
    /// believed open and in a transaction.
    @Test func aSessionEndingRightAfterABatchCommitsIsReplacedForTheNextBatch() async throws {
        try await TestBed.with("commitend") { bed in
            let schema = bed.schema
            // A deferred trigger ends its own session at the commit of the row n = 1 (a simple
            // expression: no interrupt check between the signal and the commit's answer).
            let migration = Migration(
                version: 1, name: "charges",
                sql: """
                    CREATE TABLE charges (n int NOT NULL);
                    CREATE FUNCTION end_session() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        IF NEW.n = 1 THEN
                            RETURN CASE WHEN pg_terminate_backend(pg_backend_pid()) THEN NULL ELSE NULL END;
                        END IF;
                        RETURN NULL;
                    END $$;
                    CREATE CONSTRAINT TRIGGER end_session AFTER INSERT ON charges DEFERRABLE INITIALLY DEFERRED
                        FOR EACH ROW EXECUTE FUNCTION end_session();
                    """)
            let handler: MessageHandler = { envelope, context in
                let payload = try MessageCoder.decode(TestPayload.self, from: envelope.body)
                try context.db.execute("INSERT INTO \(schema).charges (n) VALUES ($1)", [.int(Int64(payload.n))])
                try context.reply(Reply<TestResult>.ok(TestResult(doubled: payload.n * 2)))
                return .done
            }
            let route = Route.raw(
                queue: bed.queue, mode: .batched, exchange: Exchanges.commands,
                patterns: [bed.queue], handlers: [bed.queue: handler])
            let host = bed.host(routes: [route], migrations: [migration])
            try await onThread { try bed.broker.declare(bed.replyQueue) }
            try await bed.start(host)
            var doubled: [Int] = []
            for n in [1, 2] {
                let command = bed.command(bed.queue, body: #"{"n": \#(n)}"#)
                try await onThread { try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue) }
                let replies = try await onThread { try bed.broker.take(1, from: bed.replyQueue) }
                for reply in replies {
                    if case .ok(let result) = try MessageCoder.decode(Reply<TestResult>.self, from: reply.envelope.body) {
                        doubled.append(result.doubled)
                    }
                }
                #expect(try await onThread { try bed.inboxRows(command.messageId) } == 1)
            }
            try await bed.stop(host)
            #expect(doubled == [2, 4])
            #expect(try await onThread { try bed.count("SELECT count(*) AS count FROM \(schema).charges") } == 2)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue + ".dlq") } == 0)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
        }
    }

    @Test func workerReconnectsAfterTheBrokerClosesItsConnection() async throws {
        try await TestBed.with("busloss") { bed in
            let calls = CallCounter()
            let host = bed.host(routes: [bed.countingRoute(calls)])
            try await bed.start(host)
            try await onThread { try bed.broker.declare(bed.replyQueue) }
            // The management API lists a consumer a moment after it starts (statistics interval).
            var closed = 0
            for _ in 0..<150 where closed == 0 {
                closed = try await ManagementAPI().closeConsumerConnections(of: bed.queue)
                if closed == 0 { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(closed == 1)
            let command = bed.command(bed.queue)
            try await onThread { try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue) }
            let replies = try await onThread { try bed.broker.take(1, from: bed.replyQueue) }
            #expect(replies.first?.envelope.correlationId == command.correlationId)
            try await bed.stop(host)
            #expect(calls.count(command.messageId) == 1)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
        }
    }
}
