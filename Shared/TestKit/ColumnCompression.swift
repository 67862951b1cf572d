public import Store

extension PGConnection {
    /// Whether the server can compress large values with LZ4: `default_toast_compression`
    /// offers `lz4` (PostgreSQL 14 and later built with it), the check
    /// `Migration.lz4CompressionSQL(table:columns:)` makes before it changes a column.
    /// - Throws: `StoreError` from the query.
    public func offersLZ4Compression() throws -> Bool {
        try query(
            "SELECT 'lz4' = ANY (enumvals) AS offered FROM pg_settings WHERE name = 'default_toast_compression'"
        ) { try $0.bool("offered") }.first ?? false
    }
}
