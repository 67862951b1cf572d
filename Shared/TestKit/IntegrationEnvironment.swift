#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the project's scripts tell integration tests about the servers they started.
///
/// `scripts/test.sh` exports `CONNECTBUS_INTEGRATION=1`, `AMQP_URL`, `DATABASE_URL` and
/// `STRIPE_SIM_BINARY`; without them integration tests are skipped (unit tests still run).
/// `CONNECTBUS_PGBOUNCER_URL` (the admin role through the local PgBouncer in transaction
/// mode, `?prepared_statements=off`) enables the tests that go through the pooler.
/// Thread-safe: a value type read once from the process environment.
public struct IntegrationEnvironment: Sendable {
    /// AMQP URL of the admin user, e.g. `amqp://connectbus:connectbus@127.0.0.1:5672/`.
    public let amqpURL: String
    /// libpq URL of the admin role, e.g. `postgres://connectbus_admin:…@127.0.0.1:5432/connectbus`.
    public let databaseURL: String
    /// Path of the built `stripe-sim` executable, when the scripts built it.
    public let stripeSimBinary: String?
    /// libpq URL of the admin role through PgBouncer in transaction mode (with
    /// `prepared_statements=off`), when the scripts started it.
    public var pgBouncerURL: String? = nil

    /// The environment of this process, or `nil` when integration tests are not enabled.
    public static let current: IntegrationEnvironment? = {
        let env = ProcessInfo.processInfo.environment
        guard env["CONNECTBUS_INTEGRATION"] == "1",
            let amqp = env["AMQP_URL"], let db = env["DATABASE_URL"]
        else { return nil }
        var environment = IntegrationEnvironment(
            amqpURL: amqp, databaseURL: db,
            stripeSimBinary: env["STRIPE_SIM_BINARY"])
        environment.pgBouncerURL = env["CONNECTBUS_PGBOUNCER_URL"].flatMap { $0.isEmpty ? nil : $0 }
        return environment
    }()

    /// `true` when integration tests should run (use with `.enabled(if:)`).
    public static var isEnabled: Bool { current != nil }

    /// A name unique to this process and call, for queues, schemas and references a test
    /// creates, so tests can run in parallel: `prefix_<8 hex chars>`.
    public static func uniqueName(_ prefix: String) -> String {
        let suffix = UUID().uuidString.replacing("-", with: "").prefix(8).lowercased()
        return "\(prefix)_\(suffix)"
    }
}
