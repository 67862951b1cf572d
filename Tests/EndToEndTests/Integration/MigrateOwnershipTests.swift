import Foundation
import Store
import TestKit
import Testing
@testable import ConnectBusCLI

/// Each service's real migrations, run in both orders by the admin role (an operator's
/// `connectbus migrate`, `scripts/bench-webhooks.sh`) and by the service's own role: the
/// service's role owns every table afterwards and can use it. Each run works on a
/// throwaway role and schema of the same name, laid out as docker/postgres makes them.
@Suite(
    "migrations: the schema's role owns its tables whoever migrates first (integration)",
    .enabled(if: IntegrationEnvironment.isEnabled))
struct MigrateOwnershipTests {
    static let services = MigrateVerb.services.map(\.name)

    @Test(arguments: services)
    func adminFirstThenTheServiceRole(service: String) async throws {
        try await BrokerThread.run {
            try ThrowawayRole.withNew { role, admin, own in
                let all = try #require(MigrateVerb.services.first { $0.name == service }).migrations
                try Migrator(schema: role, migrations: all).migrate(admin)
                #expect(try Migrator(schema: role, migrations: all).migrate(own).isEmpty)
                try ThrowawayRole.expectOwnsAndUsesEveryTable(role, admin: admin, own: own)
            }
        }
    }

    @Test(arguments: services)
    func serviceRoleFirstThenAdmin(service: String) async throws {
        try await BrokerThread.run {
            try ThrowawayRole.withNew { role, admin, own in
                let all = try #require(MigrateVerb.services.first { $0.name == service }).migrations
                try Migrator(schema: role, migrations: Array(all.dropLast())).migrate(own)
                #expect(try Migrator(schema: role, migrations: all).migrate(admin).map(\.version) == [all.last?.version])
                try ThrowawayRole.expectOwnsAndUsesEveryTable(role, admin: admin, own: own)
            }
        }
    }
}

/// A login role without superuser or CREATE on the database that owns the schema of its
/// name, as docker/postgres/02-service-roles.sql makes each service's.
enum ThrowawayRole {
    /// Runs `body(role, admin connection, role's own connection)`, then drops both.
    static func withNew(_ body: (String, PGConnection, PGConnection) throws -> Void) throws {
        let adminURL = IntegrationEnvironment.current?.databaseURL ?? ""
        let role = try SQLIdentifier(IntegrationEnvironment.uniqueName("cli_owner"))
        let admin = try PGConnection(url: adminURL, applicationName: "cli-tests-admin")
        let database = try SQLIdentifier(
            try admin.query("SELECT current_database() AS name") { try $0.string("name") }
                .first ?? "connectbus")
        try admin.execute("CREATE ROLE \(role.quoted) LOGIN NOSUPERUSER NOCREATEDB PASSWORD '\(role.name)'")
        defer {
            _ = try? admin.execute("DROP SCHEMA IF EXISTS \(role.quoted) CASCADE")
            _ = try? admin.execute("REVOKE CONNECT ON DATABASE \(database.quoted) FROM \(role.quoted)")
            _ = try? admin.execute("DROP ROLE IF EXISTS \(role.quoted)")
        }
        try admin.execute("GRANT CONNECT ON DATABASE \(database.quoted) TO \(role.quoted)")
        try admin.execute("ALTER ROLE \(role.quoted) IN DATABASE \(database.quoted) SET search_path = \(role.quoted)")
        try admin.execute("CREATE SCHEMA \(role.quoted) AUTHORIZATION \(role.quoted)")
        var components = URLComponents(string: adminURL)
        components?.user = role.name
        components?.password = role.name
        let own = try PGConnection(url: components?.string ?? adminURL, applicationName: "cli-tests-own")
        try body(role.name, admin, own)
    }

    /// Every table and sequence of the schema belongs to `role`, which reads every table
    /// and takes its strongest lock (what ALTER TABLE in a later migration needs).
    static func expectOwnsAndUsesEveryTable(_ role: String, admin: PGConnection, own: PGConnection) throws {
        let relations = try admin.query(
            """
            SELECT c.relname AS name, c.relkind AS kind, pg_get_userbyid(c.relowner) AS owner FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'S', 'v')
            ORDER BY c.relname
            """, [.text(role)]
        ) { (try $0.string("name"), try $0.string("kind"), try $0.string("owner")) }
        #expect(relations.contains { $0.0 == "schema_migrations" })
        #expect(relations.filter { $0.2 != role }.map(\.0) == [])
        for (name, kind, _) in relations where kind == "r" {
            let table = try SQLIdentifier(name)
            try own.execute("SELECT count(*) FROM \(table.quoted)")
            try own.transaction { try $0.execute("LOCK TABLE \(table.quoted) IN ACCESS EXCLUSIVE MODE") }
        }
    }
}
