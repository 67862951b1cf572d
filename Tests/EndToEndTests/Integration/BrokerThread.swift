import Bus
import Foundation
import Messages
import TestKit
@testable import ConnectBusCLI

/// Helpers for the CLI's integration tests: blocking broker work on a dedicated thread
/// (never on Swift's cooperative pool), the environment, and queue clean-up.
enum BrokerThread {
    /// The CLI environment of the integration servers (management API from the scripts' port).
    static var environment: CLIEnvironment {
        var env = ProcessInfo.processInfo.environment
        if let amqp = IntegrationEnvironment.current?.amqpURL { env["AMQP_URL"] = amqp }
        return CLIEnvironment(env)
    }

    /// Runs `body` on a new thread and returns its result.
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Deletes `queues`, ignoring errors (clean-up).
    static func delete(_ queues: [String]) {
        guard let connection = try? environment.connect("test-cleanup") else { return }
        defer { connection.close() }
        for queue in queues { _ = try? connection.deleteQueue(queue) }
    }
}
