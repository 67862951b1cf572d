import TestKit
import Testing
@testable import ConnectBusCLI

/// `connectbus migrate` behind a transaction-mode pooler: with `DATABASE_URL` at PgBouncer
/// (`prepared_statements=off`) it fails, naming the fix, unless `DATABASE_DIRECT_URL`
/// reaches Postgres directly; then it migrates there.
@Suite(
    "connectbus migrate behind a transaction-mode pooler (integration)", .serialized,
    .enabled(if: IntegrationEnvironment.current?.pgBouncerURL != nil))
struct MigratePoolerTests {
    static let pooled = IntegrationEnvironment.current?.pgBouncerURL ?? ""
    static let direct = IntegrationEnvironment.current?.databaseURL ?? ""

    @Test func migrateRefusesThePoolerAndUsesTheDirectURL() async throws {
        let refused = try await onThread {
            ConnectBusCLI.run(["migrate", "--service", "notifications"], environment: ["DATABASE_URL": Self.pooled])
        }
        #expect(refused == 1)
        let migrated = try await onThread {
            ConnectBusCLI.run(
                ["migrate", "--service", "notifications"],
                environment: ["DATABASE_URL": Self.pooled, "DATABASE_DIRECT_URL": Self.direct])
        }
        #expect(migrated == 0)
    }

    @Test func theDirectURLIsTheOneMigrateUses() {
        let env = CLIEnvironment(["DATABASE_URL": Self.pooled, "DATABASE_DIRECT_URL": Self.direct])
        #expect(env.databaseURL == Self.pooled)
        #expect(env.sessionDatabaseURL == Self.direct)
        #expect(CLIEnvironment(["DATABASE_URL": Self.direct]).sessionDatabaseURL == Self.direct)
    }
}
