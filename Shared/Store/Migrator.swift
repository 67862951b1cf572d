/// Applies a service's versioned migrations to its schema, safely from many replicas.
///
/// `migrate` takes the session advisory lock
/// `pg_advisory_lock(hashtext('connectbus.migrate.' || schema))` (so concurrent replicas
/// queue up and later ones find nothing to do), creates the schema if it is missing (it
/// checks `pg_namespace` first, so a service role without `CREATE` on the database can
/// migrate the schema it owns), acts as the schema's owner so that every object it
/// creates belongs to that role whoever runs it (`SET ROLE`, see
/// `actAsSchemaOwner(_:on:)` in `Migrator+Ownership.swift`), keeps the history in
/// `<schema>.schema_migrations(version int primary key, name text, applied_at timestamptz)`,
/// and applies pending migrations in ascending version order, each in its own transaction
/// with `search_path` set to the schema (then `public`). The lock is released on every path
/// (and by the server if the connection drops).
///
/// Migrations need a session of their own (the session lock, `SET ROLE`, DDL across
/// several transactions): a connection through a pooler in transaction mode — one whose
/// string says `prepared_statements=off` (``PGConnection/isBehindTransactionPooler``) — is
/// refused; services and `connectbus migrate` then take `DATABASE_DIRECT_URL`.
///
/// The runtime's tables (`runtimeMigrations`, reserved versions ≤ 0) come first unless
/// `includeRuntimeTables` is `false`. Versions recorded in the history but unknown to the
/// code (a newer release ran) are tolerated; a pending version lower than an applied one
/// is still applied. Thread-safety: a `Sendable` value; `migrate` uses the given
/// connection on the caller's thread.
public struct Migrator: Sendable {
    /// The schema migrated (validated as an identifier when `migrate` runs).
    public let schema: String
    /// Every migration applied by `migrate`: the runtime's (if included) then the service's.
    public let migrations: [Migration]

    /// Creates a migrator for `schema`; `migrations` are the service's own (versions ≥ 1).
    public init(schema: String, migrations: [Migration], includeRuntimeTables: Bool = true) {
        self.schema = schema
        self.migrations = (includeRuntimeTables ? Migrator.runtimeMigrations : []) + migrations
    }

    /// Brings the schema up to date and returns the migrations it applied (empty when
    /// another replica already did the work).
    /// - Throws: `StoreError`: `store.invalid_identifier` for a bad schema name;
    ///   `store.migration_changed` when an applied version's recorded name differs from the
    ///   code's (a released migration was edited) or the list has duplicate or reserved
    ///   versions; `store.transaction_state` when `conn` is inside a transaction;
    ///   `store.query_failed` (SQLSTATE 0A000) when `conn` is behind a transaction-mode
    ///   pooler (nothing is run); the failing
    ///   statement's error (message prefixed with the migration) otherwise; SQLSTATE 42501
    ///   naming the tables when some belong to a role the schema's owner cannot use.
    @discardableResult
    public func migrate(_ conn: PGConnection) throws(StoreError) -> [Migration] {
        let identifier = try SQLIdentifier(schema)
        try validateList()
        guard !conn.isInTransaction else {
            throw StoreError(
                code: StoreError.Code.transactionState,
                message: "migrate() must run outside a transaction")
        }
        guard !conn.isBehindTransactionPooler else {
            throw StoreError(
                code: StoreError.Code.queryFailed, sqlState: "0A000",
                message:
                    "schema \(schema): migrations need a direct Postgres session (a session advisory lock, SET ROLE), not a transaction-mode pooler (the connection string says prepared_statements=off); set DATABASE_DIRECT_URL to a direct URL"
            )
        }
        let lockKey: [PGValue?] = [.text("connectbus.migrate." + schema)]
        try conn.execute("SELECT pg_advisory_lock(hashtext($1))", lockKey)
        defer { _ = try? conn.execute("SELECT pg_advisory_unlock(hashtext($1))", lockKey) }

        let switchedRole = try actAsSchemaOwner(identifier, on: conn)
        defer { if switchedRole { leaveOwnerRole(on: conn) } }
        return try migrateAsOwner(identifier, on: conn)
    }

    /// Creates the history table if needed and applies the pending migrations (the lock
    /// is held and the session acts as the schema's owner).
    private func migrateAsOwner(_ identifier: SQLIdentifier, on conn: PGConnection) throws(StoreError) -> [Migration] {
        try conn.command(
            """
            CREATE TABLE IF NOT EXISTS \(identifier.quoted).schema_migrations (
                version integer PRIMARY KEY,
                name text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """)
        let applied = try conn.query("SELECT version, name FROM \(identifier.quoted).schema_migrations") { row in
            (Int(try row.int("version")), try row.string("name"))
        }
        let appliedNames = Dictionary(applied, uniquingKeysWith: { first, _ in first })
        let changed = migrations.filter { m in appliedNames[m.version].map { $0 != m.name } ?? false }
        guard changed.isEmpty else {
            let list = changed.map { "\($0.version) (applied as \"\(appliedNames[$0.version] ?? "")\", code says \"\($0.name)\")" }
            throw StoreError(
                code: StoreError.Code.migrationChanged,
                message:
                    "schema \(schema): applied migrations differ from the code: \(list.joined(separator: ", ")); add a new version instead of editing one"
            )
        }
        let pending = migrations.filter { appliedNames[$0.version] == nil }.sorted { $0.version < $1.version }
        for migration in pending {
            try apply(migration, in: identifier, on: conn)
        }
        return pending
    }

    /// Runs one migration and records it, in one transaction.
    private func apply(_ migration: Migration, in schema: SQLIdentifier, on conn: PGConnection) throws(StoreError) {
        do {
            try conn.transaction { conn in
                try conn.command("SET LOCAL search_path TO \(schema.quoted), public")
                try conn.command(migration.sql)
                try conn.execute(
                    "INSERT INTO \(schema.quoted).schema_migrations (version, name) VALUES ($1, $2)",
                    [.int(Int64(migration.version)), .text(migration.name)])
            }
        } catch let error as StoreError {
            var wrapped = error
            wrapped.message = "schema \(schema.name) migration \(migration.version) \(migration.name): \(error.message)"
            throw wrapped
        } catch {
            throw StoreError(
                code: StoreError.Code.queryFailed,
                message: "schema \(schema.name) migration \(migration.version) \(migration.name): \(error)")
        }
    }

    /// Rejects duplicate versions, empty names and service versions in the reserved range.
    private func validateList() throws(StoreError) {
        var seen = Set<Int>()
        for migration in migrations {
            let reserved = migration.version <= 0 && !Migrator.runtimeMigrations.contains(migration)
            guard seen.insert(migration.version).inserted, !migration.name.isEmpty, !reserved else {
                throw StoreError(
                    code: StoreError.Code.migrationChanged,
                    message:
                        "schema \(schema): migration \(migration.version) \"\(migration.name)\" has a duplicate or reserved (≤ 0) version or an empty name"
                )
            }
        }
    }
}
