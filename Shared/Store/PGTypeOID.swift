/// The OIDs of the built-in Postgres types ``PGValue`` sends (`pg_type.oid`, fixed in
/// every Postgres release): the scalar types and the array types of the binary arrays
/// (``PGBinaryArray``). `0` (unspecified) lets the server infer a text parameter's type.
enum PGTypeOID {
    static let bool: UInt32 = 16
    static let bytea: UInt32 = 17
    static let int8: UInt32 = 20
    static let text: UInt32 = 25
    static let float8: UInt32 = 701
    static let boolArray: UInt32 = 1000
    static let byteaArray: UInt32 = 1001
    static let textArray: UInt32 = 1009
    static let int8Array: UInt32 = 1016
    static let float8Array: UInt32 = 1022
    static let timestamptz: UInt32 = 1184
    static let jsonb: UInt32 = 3802
}
