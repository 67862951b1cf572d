import Bus
import Foundation
import Messages
import Runtime
import Store
import Synchronization
import TestKit

/// One integration test's world: a unique schema and queue, a ServiceHost running routes
/// the test controls in-process on real threads, and helpers to inspect the servers.
final class TestBed: Sendable {
    let env: IntegrationEnvironment
    let schema: String
    let queue: String
    let replyQueue: String
    let broker: BrokerProbe
    let retryDelays: [Duration] = [.milliseconds(100), .milliseconds(200)]

    init(_ prefix: String) throws {
        guard let env = IntegrationEnvironment.current else { throw TestBedError.notEnabled }
        self.env = env
        schema = IntegrationEnvironment.uniqueName("rt_\(prefix)")
        queue = IntegrationEnvironment.uniqueName("rt.\(prefix)")
        replyQueue = queue + ".replies"
        broker = BrokerProbe(url: env.amqpURL)
    }

    enum TestBedError: Error { case notEnabled }

    /// A host for `routes` with short retry delays, HTTP on a free port.
    func host(
        routes: [Route], workers: Int = 1, prefetch: Int = 50, migrations: [Migration] = [],
        relayGrace: Duration = .milliseconds(500), stripeRequestsPerSecond: Double? = nil,
        stripeBoundPrefetch: Int = 1, redeliveryLimit: Int = RedeliveryPolicy.defaultRedeliveryLimit
    ) -> ServiceHost {
        var config = ServiceConfig(
            service: "rt-test", amqpURL: env.amqpURL, databaseURL: env.databaseURL,
            workers: workers, prefetch: prefetch, httpPort: 0, retryDelays: retryDelays,
            relayGrace: relayGrace, logLevel: .warning)
        if let stripeRequestsPerSecond { config.stripeRequestsPerSecond = stripeRequestsPerSecond }
        config.stripeBoundPrefetch = stripeBoundPrefetch
        config.redeliveryLimit = redeliveryLimit
        return ServiceHost(name: "rt-test", config: config, schema: schema, migrations: migrations, routes: routes)
    }

    /// Starts `host` on a dedicated thread and waits until its queue has a consumer.
    func start(_ host: ServiceHost) async throws {
        try await onThread { try host.start() }
        let queue = self.queue
        let broker = self.broker
        _ = try await eventually { try broker.consumerCount(queue) > 0 }
    }

    /// Stops `host` (drain) on a dedicated thread.
    func stop(_ host: ServiceHost) async throws {
        try await onThread { host.shutdown() }
    }

    /// A route on `queue` (commands, the queue's name as their type) whose handler counts each
    /// message in `calls` and replies `TestResult(doubled: 0)`.
    func countingRoute(_ calls: CallCounter, mode: Route.Mode = .batched) -> Route {
        let handler: MessageHandler = { envelope, context in
            calls.record(envelope.messageId)
            try context.reply(Reply<TestResult>.ok(TestResult(doubled: 0)))
            return .done
        }
        return Route.raw(
            queue: queue, mode: mode, exchange: Exchanges.commands, patterns: [queue], handlers: [queue: handler])
    }

    /// A command envelope of `type` with a JSON body, asking for a reply.
    func command(_ type: String, body: String = "{}", messageId: String = Envelope.newMessageId()) -> Envelope {
        Envelope(
            messageId: messageId, correlationId: "corr-" + messageId, type: type, appId: "runtime-tests",
            replyTo: replyQueue, body: Array(body.utf8))
    }

    /// Runs `sql` with the admin role and returns the first column of the first row as an integer.
    func count(_ sql: String, _ params: [PGValue?] = []) throws -> Int {
        let db = try PGConnection(url: env.databaseURL, applicationName: "runtime-tests")
        return Int(try db.execute(sql, params).first.map { try $0.int("count") } ?? 0)
    }

    /// Inbox rows for `messageId`.
    func inboxRows(_ messageId: String) throws -> Int {
        try count("SELECT count(*) AS count FROM \(schema).inbox WHERE message_id = $1", [.text(messageId)])
    }

    /// Drops the schema and deletes the queues the test used.
    func cleanUp() async {
        let schema = self.schema
        let url = env.databaseURL
        let queues = [queue, queue + ".retry.1", queue + ".retry.2", queue + ".dlq", replyQueue]
        let broker = self.broker
        _ = try? await onThread {
            broker.delete(queues)
            let db = try PGConnection(url: url, applicationName: "runtime-tests")
            try db.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE")
        }
    }
}

/// Counts handler calls per message id, across worker threads.
final class CallCounter: Sendable {
    private let calls = Mutex<[String: Int]>([:])

    /// Records a call and returns how many calls `id` has had, this one included.
    @discardableResult
    func record(_ id: String) -> Int {
        calls.withLock {
            $0[id, default: 0] += 1; return $0[id] ?? 0
        }
    }

    func count(_ id: String) -> Int { calls.withLock { $0[id] ?? 0 } }
    var total: Int { calls.withLock { $0.values.reduce(0, +) } }
}

/// A boolean shared across threads.
final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}

extension TestBed {
    /// Runs `body` with a fresh test bed and always removes its schema and queues afterwards.
    static func with(_ prefix: String, _ body: (TestBed) async throws -> Void) async throws {
        let bed = try TestBed(prefix)
        do {
            try await body(bed)
        } catch {
            await bed.cleanUp()
            throw error
        }
        await bed.cleanUp()
    }
}
