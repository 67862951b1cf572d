import Foundation
import Store
import TestKit

/// Helpers for integration tests against the shared development Postgres.
///
/// Every test runs its libpq work on a dedicated `Thread` (`onThread`), never on Swift's
/// cooperative pool, and works in its own schema (`withSchema`), dropped at the end.
enum TestDatabase {
    /// The admin URL from the environment (`DATABASE_URL`).
    static var adminURL: String { IntegrationEnvironment.current?.databaseURL ?? "" }

    /// A connection as the admin role.
    static func connect(_ name: String = "store-tests", prepared: Bool = true) throws -> PGConnection {
        try PGConnection(url: adminURL, applicationName: name, preparedStatements: prepared)
    }

    /// The admin URL with another user and password.
    static func url(user: String, password: String) -> String {
        guard var components = URLComponents(string: adminURL) else { return adminURL }
        components.user = user
        components.password = password
        return components.string ?? adminURL
    }

    /// Runs `body` with a fresh schema named `store_test_<hex>` (created as admin) and
    /// drops it (cascade) afterwards, whatever happens.
    static func withSchema<T>(
        prepared: Bool = true,
        _ body: (PGConnection, SQLIdentifier) throws -> T
    ) throws -> T {
        let conn = try connect(prepared: prepared)
        let schema = try SQLIdentifier(IntegrationEnvironment.uniqueName("store_test"))
        try conn.execute("CREATE SCHEMA \(schema.quoted)")
        defer { _ = try? connect().execute("DROP SCHEMA IF EXISTS \(schema.quoted) CASCADE") }
        return try body(conn, schema)
    }
}

/// Runs each body on its own `Thread`, all released at once, and returns their results in
/// order once every thread has finished.
func concurrently<T: Sendable>(_ bodies: [@Sendable () throws -> T]) -> [Result<T, any Error>] {
    let results = ResultBox<T>(count: bodies.count)
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for (index, body) in bodies.enumerated() {
        done.enter()
        Thread {
            start.wait()
            results.set(index, Result { try body() })
            done.leave()
        }.start()
    }
    for _ in bodies { start.signal() }
    done.wait()
    return results.values
}

/// Thread-safe slots for `concurrently`.
final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<T, any Error>?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<T, any Error>) { lock.withLock { slots[index] = value } }
    var values: [Result<T, any Error>] {
        lock.withLock { slots.map { $0 ?? .failure(StoreError(code: "test.missing", message: "no result")) } }
    }
}
