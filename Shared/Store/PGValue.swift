#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A statement parameter, sent to the server as a typed value (never spliced into SQL).
///
/// Wire choices: `text` goes as type `unknown` (the server infers the column's type, so a
/// text value can fill a `uuid` or `text` column; cast with `$1::type` where the context is
/// ambiguous); `int` as `int8`; `bool` as `bool`; `double` as `float8`; `json` as `jsonb`
/// (UTF-8 JSON text, assignment-castable to `json`); `timestamp` as `timestamptz` with
/// microsecond precision; `bytes` as `bytea` in **binary** parameter format (no hex
/// encoding, zero bytes allowed); the arrays (`intArray` as `int8[]`, `textArray` and
/// `optionalTextArray` as `text[]`, `doubleArray` as `float8[]`, `boolArray` as `bool[]`,
/// `bytesArray` as `bytea[]`) in binary format too (``PGBinaryArray``: nothing to quote or
/// parse), for `= ANY($1)` and for `unnest($1, $2, …)` inserts of many rows; a text element
/// holding a NUL byte (which Postgres text cannot hold) is refused like a text parameter
/// holding one; `null` (or a `nil` element) as SQL NULL.
/// Thread-safety: a plain `Sendable` value.
public enum PGValue: Sendable, Equatable {
    /// Text (any type the server can parse from text; see above).
    case text(String)
    /// A 64-bit integer (`int8`; assignable to `int4`/`int2` columns).
    case int(Int64)
    /// A boolean.
    case bool(Bool)
    /// Raw bytes for a `bytea` column.
    case bytes([UInt8])
    /// UTF-8 JSON text for a `jsonb`/`json` column.
    case json([UInt8])
    /// An instant, sent as `timestamptz` in UTC with microsecond precision.
    case timestamp(Date)
    /// A double-precision float (`float8`).
    case double(Double)
    /// An `int8[]`, e.g. for `WHERE id = ANY($1)`.
    case intArray([Int64])
    /// A `text[]`, e.g. for `WHERE message_id = ANY($1)`.
    case textArray([String])
    /// A `text[]` whose `nil` elements are NULL (a nullable column in an `unnest` insert).
    case optionalTextArray([String?])
    /// A `float8[]`.
    case doubleArray([Double])
    /// A `bool[]`.
    case boolArray([Bool])
    /// A `bytea[]`.
    case bytesArray([[UInt8]])
    /// SQL NULL.
    case null
}

extension PGValue {
    /// Type OID, format (0 text, 1 binary) and payload bytes (`nil` = NULL) of this value.
    var wireForm: (oid: UInt32, format: Int32, bytes: [UInt8]?) {
        switch self {
        case .text(let s): return (0, 0, Array(s.utf8))
        case .int(let i): return (PGTypeOID.int8, 0, Array(String(i).utf8))
        case .bool(let b): return (PGTypeOID.bool, 0, b ? [UInt8(ascii: "t")] : [UInt8(ascii: "f")])
        case .bytes(let b): return (PGTypeOID.bytea, 1, b)
        case .json(let j): return (PGTypeOID.jsonb, 0, j)
        case .timestamp(let d): return (PGTypeOID.timestamptz, 0, Array(PGTimestamp.format(d).utf8))
        case .double(let d): return (PGTypeOID.float8, 0, Array(PGValue.formatDouble(d).utf8))
        case .intArray(let a): return (PGTypeOID.int8Array, 1, PGBinaryArray.int8(a))
        case .textArray(let a): return PGValue.textArrayWireForm(a)
        case .optionalTextArray(let a): return PGValue.textArrayWireForm(a)
        case .doubleArray(let a): return (PGTypeOID.float8Array, 1, PGBinaryArray.float8(a))
        case .boolArray(let a): return (PGTypeOID.boolArray, 1, PGBinaryArray.bool(a))
        case .bytesArray(let a): return (PGTypeOID.byteaArray, 1, PGBinaryArray.bytea(a))
        case .null: return (0, 0, nil)
        }
    }

    /// A `text[]` in binary format; with a NUL byte in an element, the text-format literal
    /// instead, which the parameter buffer refuses (``PGParameterBuffer/parameterWithNUL``)
    /// before anything is sent.
    static func textArrayWireForm(_ items: [String?]) -> (oid: UInt32, format: Int32, bytes: [UInt8]?) {
        guard let binary = PGBinaryArray.text(items) else {
            return (PGTypeOID.textArray, 0, Array(arrayLiteral(items.compactMap { $0 }).utf8))
        }
        return (PGTypeOID.textArray, 1, binary)
    }

    /// `float8` input text: `NaN`, `Infinity`, `-Infinity` or a round-tripping decimal.
    static func formatDouble(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        return "\(d)"
    }

    /// A Postgres array literal with every element double-quoted and `"`/`\` escaped.
    static func arrayLiteral(_ items: [String]) -> String {
        let quoted = items.map { item -> String in
            var out = "\""
            for ch in item {
                if ch == "\"" || ch == "\\" { out.append("\\") }
                out.append(ch)
            }
            return out + "\""
        }
        return "{" + quoted.joined(separator: ",") + "}"
    }
}
