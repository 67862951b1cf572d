import Bus
import HTTPServer
import Foundation
import Messages
import Runtime
import Store
import Synchronization
import Testing
import TestKit

/// SIGTERM while a handler works: the host stops consuming, lets the handler finish,
/// commits, publishes the reply, acks, and `run()` returns exit code 0.
///
/// The signal is sent to this test process: `ServiceHost.run()` ignores SIGTERM's default
/// action and observes it with a dispatch source, exactly as in a service executable.
@Suite("Shutdown integration", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct ShutdownIntegrationTests {
    @Test func sigtermDuringASlowHandlerFinishesTheMessageAndExitsZero() async throws {
        try await TestBed.with("sigterm") { bed in
            let started = Flag()
            let finished = Flag()
            let handler: MessageHandler = { envelope, context in
                started.set()
                Thread.sleep(forTimeInterval: 1.5)
                try context.reply(Reply<TestResult>.ok(TestResult(doubled: 0)))
                finished.set()
                return .done
            }
            let route = Route.raw(
                queue: bed.queue, mode: .batched, exchange: Exchanges.commands,
                patterns: [bed.queue], handlers: [bed.queue: handler])
            let host = bed.host(routes: [route])
            let exitCode = Mutex<Int32?>(nil)
            let runner = Thread {
                let code = host.run(); exitCode.withLock { $0 = code }
            }
            runner.start()
            #expect(try await eventually { try bed.broker.consumerCount(bed.queue) > 0 })
            let command = bed.command(bed.queue)
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            #expect(try await eventually { started.isSet })
            kill(getpid(), SIGTERM)
            #expect(try await eventually { exitCode.withLock { $0 } != nil })
            #expect(exitCode.withLock { $0 } == 0)
            #expect(finished.isSet)
            #expect(try await onThread { try bed.inboxRows(command.messageId) } == 1)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
            #expect(try await onThread { try bed.broker.take(1, from: bed.replyQueue) }.count == 1)
        }
    }

    @Test func shutdownAnswersRequestsInProgressStopsThePartsThenFlushesWhatTheyCommitted() async throws {
        try await TestBed.with("httpdrain") { bed in
            let started = Flag()
            let order = Mutex<[String]>([])
            let event = Envelope(type: "rt.webhook_stored", appId: "runtime-tests", body: Array(#"{"n":3}"#.utf8))
            let url = bed.env.databaseURL, schema = bed.schema, target = bed.queue
            let config = ServiceConfig(
                service: "rt-test", amqpURL: bed.env.amqpURL, databaseURL: url, httpPort: 0,
                relayGrace: .seconds(600), logLevel: .warning)
            // An endpoint that is still working when the shutdown begins, then commits an outbox
            // row; the relay (grace 10 min) only publishes it in its last flush.
            let host = ServiceHost(name: "rt-test", config: config, schema: schema, routes: []) { request in
                guard request.path == "/store" else { return nil }
                started.set()
                Thread.sleep(forTimeInterval: 1)
                do {
                    let db = try PGConnection(url: url, applicationName: "runtime-tests")
                    try db.transaction { db in
                        _ = try OutboxWriter(schema: schema).enqueue(
                            OutboxMessage(
                                exchange: "", routingKey: target, messageId: event.messageId, type: event.type,
                                appId: event.appId, timestamp: event.timestamp, body: event.body, mandatory: false), on: db)
                    }
                } catch {
                    return HTTPResponse(status: 500, body: Array("\(error)".utf8))
                }
                order.withLock { $0.append("request answered") }
                return HTTPResponse(status: 200, body: Array("stored".utf8))
            }
            host.add(RecordingPart(name: "rt-test.recorder") { order.withLock { $0.append("part stopped") } })
            try await onThread {
                try bed.broker.declare(target)
                try host.start()
            }
            // The runtime's parts after the migrations (no tracing, no fleet limiter here; the
            // retention thread, since the message log and inbox retentions are on by default), then
            // the service's own.
            #expect(host.runningPartNames == ["rt-test.relay", "rt-test.retention", "rt-test.recorder"])
            let port = try #require(host.httpPort)
            async let answer = TestHTTPClient.send("POST", "http://127.0.0.1:\(port)/store", body: Array("{}".utf8))
            #expect(try await eventually { started.isSet })
            try await onThread { host.shutdown() }
            #expect(try await answer.status == 200)
            #expect(order.withLock { $0 } == ["request answered", "part stopped"])
            let published = try await onThread { try bed.broker.take(1, from: target, timeout: .seconds(10)) }
            #expect(published.map(\.envelope.messageId) == [event.messageId])
        }
    }
}

/// A service part with no thread that calls `onStop` when asked to stop.
private final class RecordingPart: ServicePart {
    let name: String
    let onStop: @Sendable () -> Void
    init(name: String, onStop: @escaping @Sendable () -> Void) {
        self.name = name
        self.onStop = onStop
    }
    func start() {}
    func stop() { onStop() }
    func join(timeout: Duration) -> Bool { true }
}
