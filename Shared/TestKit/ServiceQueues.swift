import Bus

/// Readiness of a service's queues on the broker, for test beds that start a service host.
public enum ServiceQueues {
    /// Polls (on a dedicated thread, see ``eventually(timeout:_:)``) until every queue in
    /// `queues` has at least one consumer, each check over a short-lived connection named
    /// `connectionName` (e.g. `onboarding-tests.probe`).
    ///
    /// - Returns: whether every queue had a consumer before `timeout` passed.
    /// - Throws: `BusError` when the check made at the deadline fails (e.g. a queue missing).
    public static func waitForConsumers(
        _ queues: [String], amqpURL: String, connectionName: String,
        timeout: Duration = .seconds(30)
    ) async throws -> Bool {
        try await eventually(timeout: timeout) {
            let connection = try AMQPConnection(url: try AMQPURL(amqpURL), connectionName: connectionName)
            defer { connection.close() }
            return try queues.allSatisfy { try connection.queueStatus($0).consumers > 0 }
        }
    }
}
