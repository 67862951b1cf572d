import CLibPQ
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One row of a `PGResult`, decoded by column name from Postgres' text output.
///
/// Every accessor checks `PQgetisnull` before reading the value. The non-optional ones
/// throw for NULL; the `optional…` ones return `nil`. Errors are `StoreError` with code
/// `store.decode` and a message naming the column and the expected type (never the value,
/// which may be sensitive). Thread-safety: not `Sendable`; use it on the connection's thread.
public struct PGRow {
    /// The result this row belongs to (kept alive by the row).
    public let result: PGResult
    /// Zero-based row index.
    public let index: Int

    /// The raw text of `column`, or `nil` for NULL.
    /// - Throws: `store.decode` when the result has no such column.
    public func rawText(_ column: String) throws(StoreError) -> String? {
        let field = try fieldNumber(column)
        if PQgetisnull(result.raw, Int32(index), field) != 0 { return nil }
        return String(cString: PQgetvalue(result.raw, Int32(index), field))
    }

    /// `true` when `column` is NULL.
    /// - Throws: `store.decode` when the result has no such column.
    public func isNull(_ column: String) throws(StoreError) -> Bool {
        PQgetisnull(result.raw, Int32(index), try fieldNumber(column)) != 0
    }

    /// A text column. - Throws: `store.decode` for NULL or a missing column.
    public func string(_ column: String) throws(StoreError) -> String {
        try required(column, "text", optionalString(column))
    }

    /// A nullable text column. - Throws: `store.decode` for a missing column.
    public func optionalString(_ column: String) throws(StoreError) -> String? {
        try rawText(column)
    }

    /// An integer column (`int2`, `int4`, `int8`). - Throws: `store.decode`.
    public func int(_ column: String) throws(StoreError) -> Int64 {
        try required(column, "integer", optionalInt(column))
    }

    /// A nullable integer column. - Throws: `store.decode` for text that is not an integer.
    public func optionalInt(_ column: String) throws(StoreError) -> Int64? {
        try decoded(column, "integer") { Int64($0) }
    }

    /// A boolean column (`t`/`f`). - Throws: `store.decode`.
    public func bool(_ column: String) throws(StoreError) -> Bool {
        try required(column, "boolean", optionalBool(column))
    }

    /// A nullable boolean column. - Throws: `store.decode`.
    public func optionalBool(_ column: String) throws(StoreError) -> Bool? {
        try decoded(column, "boolean") { $0 == "t" ? true : $0 == "f" ? false : nil }
    }

    /// A floating-point or numeric column. - Throws: `store.decode`.
    public func double(_ column: String) throws(StoreError) -> Double {
        try required(column, "double", optionalDouble(column))
    }

    /// A nullable floating-point or numeric column. - Throws: `store.decode`.
    public func optionalDouble(_ column: String) throws(StoreError) -> Double? {
        try decoded(column, "double") { Double($0) }
    }

    /// A `timestamptz` (or UTC `timestamp`) column. - Throws: `store.decode`.
    public func date(_ column: String) throws(StoreError) -> Date {
        try required(column, "timestamp", optionalDate(column))
    }

    /// A nullable `timestamptz` column; `infinity` and BC dates fail. - Throws: `store.decode`.
    public func optionalDate(_ column: String) throws(StoreError) -> Date? {
        try decoded(column, "timestamp") { PGTimestamp.parse($0) }
    }

    /// A `bytea` column (hex or escape output). - Throws: `store.decode`.
    public func bytes(_ column: String) throws(StoreError) -> [UInt8] {
        try required(column, "bytea", optionalBytes(column))
    }

    /// A nullable `bytea` column. - Throws: `store.decode`.
    public func optionalBytes(_ column: String) throws(StoreError) -> [UInt8]? {
        let field = try fieldNumber(column)
        if PQgetisnull(result.raw, Int32(index), field) != 0 { return nil }
        guard
            let value = PGBytea.decode(
                PQgetvalue(result.raw, Int32(index), field),
                length: Int(PQgetlength(result.raw, Int32(index), field)))
        else {
            throw PGRow.decodeError(column, "bytea")
        }
        return value
    }

    /// A `json`/`jsonb` column as UTF-8 JSON text. - Throws: `store.decode`.
    public func json(_ column: String) throws(StoreError) -> [UInt8] {
        Array(try string(column).utf8)
    }

    /// A nullable `json`/`jsonb` column as UTF-8 JSON text. - Throws: `store.decode`.
    public func optionalJSON(_ column: String) throws(StoreError) -> [UInt8]? {
        try optionalString(column).map { Array($0.utf8) }
    }

    private func fieldNumber(_ column: String) throws(StoreError) -> Int32 {
        guard let field = result.fieldNumber(column) else {
            throw StoreError(code: StoreError.Code.decode, message: "column \"\(column)\": not in the result")
        }
        return field
    }

    private func decoded<T>(
        _ column: String, _ type: String,
        _ parse: (String) -> T?
    ) throws(StoreError) -> T? {
        guard let text = try rawText(column) else { return nil }
        guard let value = parse(text) else { throw PGRow.decodeError(column, type) }
        return value
    }

    private func required<T>(_ column: String, _ type: String, _ value: T?) throws(StoreError) -> T {
        guard let value else {
            throw StoreError(code: StoreError.Code.decode, message: "column \"\(column)\": expected \(type), got NULL")
        }
        return value
    }

    private static func decodeError(_ column: String, _ type: String) -> StoreError {
        StoreError(code: StoreError.Code.decode, message: "column \"\(column)\": value is not a valid \(type)")
    }
}
