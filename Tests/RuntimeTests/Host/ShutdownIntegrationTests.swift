import Bus
import Foundation
import Messages
import Runtime
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
            let route = Route.raw(queue: bed.queue, mode: .batched, exchange: Exchanges.commands,
                                  patterns: [bed.queue], handlers: [bed.queue: handler])
            let host = bed.host(routes: [route])
            let exitCode = Mutex<Int32?>(nil)
            let runner = Thread { let code = host.run(); exitCode.withLock { $0 = code } }
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
}
