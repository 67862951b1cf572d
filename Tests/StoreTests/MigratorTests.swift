import Store
import TestKit
import Testing

@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct MigratorTests {
    /// Not idempotent on purpose: applying any of them twice fails.
    static let migrations = [
        Migration(
            version: 1, name: "create_accounts",
            sql: """
                CREATE TABLE accounts (id text PRIMARY KEY, status text NOT NULL);
                CREATE INDEX accounts_status_idx ON accounts (status);
                """),
        Migration(version: 2, name: "add_email", sql: "ALTER TABLE accounts ADD COLUMN email text;"),
        Migration(version: 3, name: "create_links", sql: "CREATE TABLE links (id bigserial PRIMARY KEY);"),
    ]

    @Test func concurrentMigrationsLeaveOneHistory() async throws {
        try await onThread {
            let schema = IntegrationEnvironment.uniqueName("store_mig")
            defer { _ = try? TestDatabase.connect().execute("DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE") }
            let migrate: @Sendable () throws -> [Int] = {
                let conn = try TestDatabase.connect("store-tests-migrate")
                return try Migrator(schema: schema, migrations: MigratorTests.migrations).migrate(conn).map(\.version)
            }
            let results = concurrently([migrate, migrate, migrate])
            let applied = try results.map { try $0.get() }
            let expected = (Migrator.runtimeMigrations + MigratorTests.migrations).map(\.version)
            #expect(applied.filter { !$0.isEmpty } == [expected])
            #expect(applied.filter(\.isEmpty).count == 2)

            let conn = try TestDatabase.connect()
            let history = try conn.query("SELECT version, name FROM \"\(schema)\".schema_migrations ORDER BY version") {
                "\(try $0.int("version")):\(try $0.string("name"))"
            }
            #expect(history == (Migrator.runtimeMigrations + MigratorTests.migrations).map { "\($0.version):\($0.name)" })
            let tables = try conn.query(
                """
                SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name
                """, [.text(schema)]
            ) { try $0.string("table_name") }
            #expect(tables == ["accounts", "inbox", "links", "message_log", "outbox", "schema_migrations"])
            // Running again is a no-op.
            #expect(try Migrator(schema: schema, migrations: MigratorTests.migrations).migrate(conn).isEmpty)
        }
    }

    /// Production shape: the schema exists, owned by a login role that has no CREATE right
    /// on the database; that role migrates it.
    @Test func serviceRoleMigratesTheSchemaItOwns() async throws {
        try await onThread {
            let role = try SQLIdentifier(IntegrationEnvironment.uniqueName("store_role"))
            let admin = try TestDatabase.connect()
            try admin.execute("CREATE ROLE \(role.quoted) LOGIN PASSWORD '\(role.name)'")
            // The scripts revoke CONNECT from PUBLIC, as for every service role.
            let database = try admin.query("SELECT current_database() AS name") { try $0.string("name") }
            let databaseName = try SQLIdentifier(database.first ?? "connectbus")
            try admin.execute("GRANT CONNECT ON DATABASE \(databaseName.quoted) TO \(role.quoted)")
            defer {
                _ = try? admin.execute("DROP SCHEMA IF EXISTS \(role.quoted) CASCADE")
                _ = try? admin.execute("REVOKE CONNECT ON DATABASE \(databaseName.quoted) FROM \(role.quoted)")
                _ = try? admin.execute("DROP ROLE IF EXISTS \(role.quoted)")
            }
            try admin.execute("CREATE SCHEMA \(role.quoted) AUTHORIZATION \(role.quoted)")
            let service = try PGConnection(
                url: TestDatabase.url(user: role.name, password: role.name),
                applicationName: "store-tests-service")
            let applied = try Migrator(schema: role.name, migrations: MigratorTests.migrations).migrate(service)
            #expect(applied.count == Migrator.runtimeMigrations.count + MigratorTests.migrations.count)
            let owners = try admin.query(
                "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = $1",
                [.text(role.name)]
            ) { try $0.string("tableowner") }
            #expect(owners == [role.name])
            // Without CREATE on the database it cannot make a schema it lacks.
            #expect(throws: StoreError.self) {
                try Migrator(schema: IntegrationEnvironment.uniqueName("store_nope"), migrations: []).migrate(service)
            }
        }
    }

    @Test func changedMigrationIsRefused() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: Array(MigratorTests.migrations.prefix(2))).migrate(conn)
                var edited = MigratorTests.migrations
                edited[1].name = "add_email_and_phone"
                do {
                    try Migrator(schema: schema.name, migrations: edited).migrate(conn)
                    Issue.record("expected the changed migration to be refused")
                } catch let error as StoreError {
                    #expect(error.code == "store.migration_changed")
                    #expect(error.message.contains("add_email_and_phone"))
                }
                // Nothing after the refusal was applied, and the advisory lock was released.
                let versions = try conn.query("SELECT version FROM \(schema.quoted).schema_migrations WHERE version > 0") {
                    try $0.int("version")
                }
                #expect(versions.sorted() == [1, 2])
                let locks = try conn.execute("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()")
                #expect(try locks.first?.int("n") == 0)
            }
        }
    }

    @Test func failingMigrationRollsBackAndNamesItself() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                let broken = [Migration(version: 1, name: "broken", sql: "CREATE TABLE a (id int); SELECT nonsense;")]
                do {
                    try Migrator(schema: schema.name, migrations: broken).migrate(conn)
                    Issue.record("expected the migration to fail")
                } catch let error as StoreError {
                    #expect(error.code == "store.query_failed")
                    #expect(error.message.contains("migration 1 broken"))
                }
                let tables = try conn.query(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'a'",
                    [.text(schema.name)]
                ) { try $0.string("table_name") }
                #expect(tables.isEmpty)
            }
        }
    }

    @Test func reservedAndDuplicateVersionsAreRejected() async throws {
        try await onThread {
            let conn = try TestDatabase.connect()
            for list in [
                [Migration(version: 0, name: "zero", sql: "")],
                [Migration(version: 1, name: "a", sql: ""), Migration(version: 1, name: "b", sql: "")],
            ] {
                #expect(throws: StoreError.self) { try Migrator(schema: "store_never_created", migrations: list).migrate(conn) }
            }
            #expect(throws: StoreError.self) { try Migrator(schema: "Bad-Schema", migrations: []).migrate(conn) }
        }
    }
}
