import Store
import TestKit
import Testing

/// Whoever runs the migrations first — the service's own role, or an operator or a
/// benchmark logged in as the admin role — the service's role owns, and can use, every
/// table of its schema afterwards.
@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct SchemaOwnershipTests {
    static let first = [
        Migration(
            version: 1, name: "create_accounts",
            sql: """
                CREATE TABLE accounts (id text PRIMARY KEY, status text NOT NULL);
                CREATE INDEX accounts_status_idx ON accounts (status);
                """)
    ]
    /// The second release: alters a table of the first and adds a table and a sequence.
    static let second =
        first + [
            Migration(version: 2, name: "add_email", sql: "ALTER TABLE accounts ADD COLUMN email text;"),
            Migration(
                version: 3, name: "create_links",
                sql: """
                    CREATE TABLE links (id bigserial PRIMARY KEY, account text NOT NULL);
                    CREATE SEQUENCE link_numbers;
                    """),
        ]

    @Test func adminFirstThenTheServiceRole() async throws {
        try await onThread {
            try ServiceRole.withNew { role, admin, service in
                #expect(try Migrator(schema: role, migrations: Self.first).migrate(admin).count == Migrator.runtimeMigrations.count + 1)
                #expect(try ServiceRole.owners(in: role, admin) == [role])
                // The service's next release migrates and uses what the admin created.
                #expect(try Migrator(schema: role, migrations: Self.second).migrate(service).map(\.version) == [2, 3])
                try ServiceRole.useEveryTable(service)
                // The admin session is itself again afterwards.
                #expect(try admin.query("SELECT current_user AS me") { try $0.string("me") } != [role])
            }
        }
    }

    @Test func serviceRoleFirstThenAdmin() async throws {
        try await onThread {
            try ServiceRole.withNew { role, admin, service in
                #expect(try Migrator(schema: role, migrations: Self.first).migrate(service).count == Migrator.runtimeMigrations.count + 1)
                #expect(try Migrator(schema: role, migrations: Self.second).migrate(admin).map(\.version) == [2, 3])
                #expect(try ServiceRole.owners(in: role, admin) == [role])
                try ServiceRole.useEveryTable(service)
            }
        }
    }

    @Test func aMissingSchemaIsCreatedForTheRoleNamedLikeIt() async throws {
        try await onThread {
            try ServiceRole.withNew(createSchema: false) { role, admin, service in
                #expect(try Migrator(schema: role, migrations: Self.first).migrate(admin).count == Migrator.runtimeMigrations.count + 1)
                let owner = try admin.query(
                    "SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = $1",
                    [.text(role)]
                ) { try $0.string("owner") }
                #expect(owner == [role])
                #expect(try Migrator(schema: role, migrations: Self.second).migrate(service).count == 2)
                try ServiceRole.useEveryTable(service)
            }
        }
    }

    /// What an admin run left behind before migrations acted as the schema's owner: the
    /// service role gets a clear error instead of `permission denied for table
    /// schema_migrations`, and the next admin run gives the tables back.
    @Test func tablesAnAdminRunCreatedAsItselfAreGivenBackByTheNextAdminRun() async throws {
        try await onThread {
            try ServiceRole.withNew { role, admin, service in
                let schema = try SQLIdentifier(role)
                try admin.execute(
                    """
                    CREATE TABLE \(schema.quoted).schema_migrations (version integer PRIMARY KEY, name text NOT NULL,
                                                                   applied_at timestamptz NOT NULL DEFAULT now())
                    """)
                try admin.execute("CREATE TABLE \(schema.quoted).legacy (id bigserial PRIMARY KEY)")
                try admin.execute("CREATE SEQUENCE \(schema.quoted).legacy_numbers")
                do {
                    try Migrator(schema: role, migrations: Self.first).migrate(service)
                    Issue.record("the service role migrated a schema whose tables it cannot use")
                } catch let error as StoreError {
                    #expect(error.sqlState == "42501")
                    #expect(error.message.contains("schema_migrations (owner") && error.message.contains("legacy (owner"))
                    #expect(error.message.contains("connectbus migrate"))
                }
                #expect(try Migrator(schema: role, migrations: Self.first).migrate(admin).count == Migrator.runtimeMigrations.count + 1)
                #expect(try ServiceRole.owners(in: role, admin) == [role])
                #expect(try Migrator(schema: role, migrations: Self.second).migrate(service).count == 2)
                try ServiceRole.useEveryTable(service)
                try service.execute("INSERT INTO legacy DEFAULT VALUES")
                try service.execute("SELECT nextval('legacy_numbers')")
            }
        }
    }
}

/// A throwaway login role owning a schema of its name, as docker/postgres/02-service-roles.sql
/// makes them for the services (no superuser, no CREATE on the database, CONNECT granted).
enum ServiceRole {
    /// Runs `body(role, admin connection, role's connection)`, then drops the schema and role.
    static func withNew(
        createSchema: Bool = true,
        _ body: (String, PGConnection, PGConnection) throws -> Void
    ) throws {
        let role = try SQLIdentifier(IntegrationEnvironment.uniqueName("store_owner"))
        let admin = try TestDatabase.connect("store-tests-admin")
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
        if createSchema {
            try admin.execute("CREATE SCHEMA \(role.quoted) AUTHORIZATION \(role.quoted)")
        }
        let service = try PGConnection(
            url: TestDatabase.url(user: role.name, password: role.name),
            applicationName: "store-tests-service")
        try body(role.name, admin, service)
    }

    /// The distinct owners of the tables, views and sequences in `schema`.
    static func owners(in schema: String, _ admin: PGConnection) throws -> [String] {
        try admin.query(
            """
            SELECT DISTINCT pg_get_userbyid(c.relowner) AS owner FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relkind IN ('r', 'v', 'S', 'i') ORDER BY 1
            """, [.text(schema)]
        ) { try $0.string("owner") }
    }

    /// Writes and reads every table the migrations (runtime's and `SchemaOwnershipTests.second`) made.
    static func useEveryTable(_ service: PGConnection) throws {
        try service.execute("INSERT INTO accounts (id, status, email) VALUES ('acct_1', 'new', 'a@example.com')")
        try service.execute("INSERT INTO links (account) VALUES ('acct_1')")
        try service.execute("SELECT nextval('link_numbers')")
        try service.execute("INSERT INTO inbox (message_id, queue) VALUES ('m1', 'q')")
        try service.execute("DELETE FROM inbox")
        try service.execute("SELECT count(*) FROM outbox")
        try service.execute("SELECT count(*) FROM schema_migrations")
    }
}
