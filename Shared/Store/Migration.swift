/// One versioned change to a service's schema.
///
/// `sql` may hold several statements; it runs with `search_path` set to the service's
/// schema (write unqualified names: `CREATE TABLE accounts (…)`), inside its own
/// transaction. Once released, a migration is never edited: add a new version instead
/// (the `Migrator` refuses a history whose names differ from the code's).
/// Versions ≥ 1 belong to the service; versions ≤ 0 are reserved for the runtime's own
/// tables (`Migrator.runtimeMigrations`). Thread-safety: a plain `Sendable` value.
public struct Migration: Sendable, Equatable {
    /// Version number; migrations apply in ascending order. Service versions are ≥ 1.
    public var version: Int
    /// Short stable name, e.g. `create_accounts`; recorded in `schema_migrations`.
    public var name: String
    /// The SQL script (one or more statements, no parameters).
    public var sql: String

    /// Creates a migration.
    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }
}
