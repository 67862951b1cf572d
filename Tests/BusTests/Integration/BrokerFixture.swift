import Foundation
import Messages
import TestKit
@testable import Bus

/// Helpers for integration tests against the dev broker (enabled by the environment).
enum BrokerFixture {
    /// The broker URL from `AMQP_URL`, or a default that only matters when tests are skipped.
    static var url: AMQPURL {
        get throws {
            try AMQPURL(IntegrationEnvironment.current?.amqpURL ?? "amqp://guest:guest@127.0.0.1:5672/")
        }
    }

    /// Runs `body` on a new dedicated thread (never on the cooperative pool) and returns its result.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try body() })
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// A JSON envelope of type `type` with a small body.
    static func envelope(
        _ type: String = "test.thing_happened", body: String = #"{"n":1}"#,
        headers: MessageHeaders = MessageHeaders()
    ) -> Envelope {
        Envelope(type: type, appId: "bus-tests", headers: headers, body: Array(body.utf8))
    }

    /// Waits up to `timeout` for a delivery; throws if none arrives.
    static func expectDelivery(_ connection: AMQPConnection, timeout: Duration = .seconds(10)) throws -> Delivery {
        guard let delivery = try connection.nextDelivery(timeout: timeout) else {
            throw BusError(code: BusError.Code.timeout, message: "no delivery within \(timeout)")
        }
        return delivery
    }

    /// Deletes `queues` on a fresh connection, ignoring errors (test cleanup).
    static func deleteQueues(_ queues: [String]) {
        guard let url = try? url, let c = try? AMQPConnection(url: url, connectionName: "bus-tests.cleanup") else { return }
        for q in queues { _ = try? c.deleteQueue(q) }
        c.close()
    }
}

extension BrokerFixture {
    /// The ``BusError`` `body` throws, or `nil` if it returns normally.
    static func busError(_ body: () throws(BusError) -> Void) -> BusError? {
        do { try body(); return nil } catch { return error }
    }
}
