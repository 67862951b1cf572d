extension StoreError {
    /// Maps a server SQLSTATE to the stable code of `StoreError.Code`; the one place that
    /// decides it.
    ///
    /// `23505` → unique violation; `40001`, `40P01` → serialization failure; class `08`,
    /// `57P01` (admin shutdown), `57P02` (crash shutdown), `57P03` (cannot connect now),
    /// `53300` (too many connections) → connection failed; anything else (or `nil`) →
    /// query failed.
    public static func code(forSQLState sqlState: String?) -> String {
        guard let sqlState else { return Code.queryFailed }
        switch sqlState {
        case "23505": return Code.uniqueViolation
        case "40001", "40P01": return Code.serializationFailure
        case "57P01", "57P02", "57P03", "53300": return Code.connectionFailed
        default:
            return sqlState.hasPrefix("08") ? Code.connectionFailed : Code.queryFailed
        }
    }

    /// An error for a server-reported failure, mapped through `code(forSQLState:)`.
    public static func fromServer(
        sqlState: String?, message: String, detail: String? = nil,
        constraint: String? = nil
    ) -> StoreError {
        StoreError(
            code: code(forSQLState: sqlState), sqlState: sqlState, message: message,
            detail: detail, constraint: constraint)
    }
}
