import Foundation
import Store
import Testing
import TestKit
@testable import ConnectBusCLI

/// `connectbus doctor`'s broker and database checks against the real RabbitMQ (loaded with
/// docker/rabbitmq/definitions.json by scripts/infra-up.sh) and Postgres.
@Suite("doctor: broker rights and database roles", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct DoctorInfrastructureTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let definitions = repo.appendingPathComponent("docker/rabbitmq/definitions.json").path

    var environment: CLIEnvironment {
        CLIEnvironment(ProcessInfo.processInfo.environment.filter { $0.key.hasPrefix("CONNECTBUS_") })
    }

    @Test("every broker user has the rights of the checked-in definitions; a differing file is named, line by line")
    func brokerRights() throws {
        let checks = DoctorVerb.brokerChecks(definitions: Self.definitions, environment: environment)
        #expect(checks.count >= 6)
        #expect(checks.allSatisfy { $0.ok }, "\(checks.map(\.line))")
        #expect(checks.contains { $0.name == "broker payments" })

        // A definitions file that narrows one user and adds one is what a drifted broker looks like.
        let data = try #require(FileManager.default.contents(atPath: Self.definitions))
        var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var permissions = try #require(root["permissions"] as? [[String: Any]])
        let index = try #require(permissions.firstIndex { $0["user"] as? String == "payments" })
        permissions[index]["write"] = "^payments\\.only$"
        root["permissions"] = permissions
        var users = try #require(root["users"] as? [[String: Any]])
        users.append(["name": "doctor_ghost", "tags": ""])
        root["users"] = users
        let changed = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: root).write(to: changed)
        defer { try? FileManager.default.removeItem(at: changed) }
        let drift = DoctorVerb.brokerChecks(definitions: changed.path, environment: environment)
        let payments = try #require(drift.first { $0.name == "broker payments" })
        #expect(!payments.ok && payments.detail.contains("definitions: configure=") && payments.detail.contains("^payments\\.only$"))
        #expect(payments.fix.contains("import_definitions"))
        let ghost = try #require(drift.first { $0.name == "broker doctor_ghost" })
        #expect(!ghost.ok && ghost.detail == "no such user at the broker")
        #expect(drift.filter { !$0.ok }.count == 2)

        let missing = DoctorVerb.brokerChecks(definitions: "/nonexistent/definitions.json", environment: environment)
        #expect(missing.count == 1 && !missing[0].ok && missing[0].fix.contains("--definitions"))
    }

    @Test("each service schema is owned by its own role; a second schema owned by that role fails the check")
    func databaseRoles() throws {
        let env = try #require(IntegrationEnvironment.current)
        let admin = try PGConnection(url: env.databaseURL, applicationName: "doctor-tests")
        for schema in ["onboarding", "payments", "terminal", "notifications"] {
            try admin.execute("CREATE SCHEMA IF NOT EXISTS \(schema) AUTHORIZATION \(schema)")
        }
        let checks = DoctorVerb.databaseChecks(environment: CLIEnvironment(["DATABASE_URL": env.databaseURL]))
        #expect(checks.map(\.name) == ["schema onboarding", "schema payments", "schema terminal", "schema notifications"])
        #expect(checks.allSatisfy { $0.ok }, "\(checks.map(\.line))")

        let extra = IntegrationEnvironment.uniqueName("doctor_extra")
        try admin.execute("CREATE SCHEMA \(extra) AUTHORIZATION payments")
        defer { _ = try? admin.execute("DROP SCHEMA IF EXISTS \(extra) CASCADE") }
        let drift = DoctorVerb.databaseChecks(environment: CLIEnvironment(["DATABASE_URL": env.databaseURL]))
        let payments = try #require(drift.first { $0.name == "schema payments" })
        #expect(!payments.ok && payments.detail.contains("payments also owns \(extra)"))
        #expect(drift.filter { !$0.ok }.count == 1)
    }
}
