import Store

/// The Postgres schemas integration tests create (unique names, see
/// ``IntegrationEnvironment/uniqueName(_:)``).
public enum IntegrationSchema {
    /// Drops `schema` and everything in it (`DROP SCHEMA IF EXISTS … CASCADE`) over a new
    /// connection to `databaseURL` named `applicationName`; blocks, so call it on a
    /// dedicated thread.
    ///
    /// - Throws: `SQLIdentifier`'s error for a name that is not a valid identifier; `StoreError`
    ///   when the connection or the statement fails.
    public static func drop(_ schema: String, databaseURL: String, applicationName: String) throws {
        let db = try PGConnection(url: databaseURL, applicationName: applicationName)
        try db.execute("DROP SCHEMA IF EXISTS \(try SQLIdentifier(schema).quoted) CASCADE")
    }
}
