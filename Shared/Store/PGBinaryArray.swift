import Glibc

/// Array parameters in Postgres' binary array format (what `array_recv` reads; the
/// "Binary format" of arrays in the Postgres documentation, `src/backend/utils/adt/arrayfuncs.c`):
/// a header — dimensions (`int4`, 1; 0 for an empty array), whether an element is NULL
/// (`int4`, 0 or 1), the element type's OID (`oid`), then per dimension its length and lower
/// bound 1 (`int4` each) — followed by every element as a length (`int4`, -1 for NULL) and
/// the element's own binary form: UTF-8 bytes for `text`, raw bytes for `bytea`, a
/// big-endian two's complement `int8`, a big-endian IEEE 754 `float8`, one byte for `bool`.
///
/// Sent with parameter format 1, an array costs the server no parsing and the client no
/// quoting or escaping (a text-format literal is parsed by `array_in` element by element;
/// a JSON array, by the JSON parser first). Thread-safety: a plain value.
struct PGBinaryArray {
    private(set) var bytes: [UInt8]

    /// An array of `count` elements of type `elementOID`, elements to be appended;
    /// `hasNulls` must be true when an element will be ``appendNull()``.
    init(elementOID: UInt32, count: Int, hasNulls: Bool = false, reservingBytes: Int = 0) {
        bytes = []
        bytes.reserveCapacity(20 + count * 4 + reservingBytes)
        appendInt32(count == 0 ? 0 : 1)
        appendInt32(hasNulls ? 1 : 0)
        appendUInt32(elementOID)
        if count > 0 {
            appendInt32(Int32(clamping: count))
            appendInt32(1)
        }
    }

    /// Appends an element of `element`'s bytes (a `text` element's UTF-8, a `bytea` element).
    mutating func append(_ element: some Collection<UInt8>) {
        appendInt32(Int32(clamping: element.count))
        bytes.append(contentsOf: element)
    }

    /// Appends a NULL element.
    mutating func appendNull() { appendInt32(-1) }

    /// Appends an `int8` element.
    mutating func append(int8 value: Int64) {
        appendInt32(8)
        appendUInt64(UInt64(bitPattern: value))
    }

    /// Appends a `float8` element.
    mutating func append(float8 value: Double) {
        appendInt32(8)
        appendUInt64(value.bitPattern)
    }

    /// Appends a `bool` element.
    mutating func append(bool value: Bool) {
        appendInt32(1)
        bytes.append(value ? 1 : 0)
    }

    private mutating func appendInt32(_ value: Int32) { appendUInt32(UInt32(bitPattern: value)) }

    private mutating func appendUInt32(_ value: UInt32) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func appendUInt64(_ value: UInt64) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    /// `text[]` of `items` (`nil` = NULL), or `nil` when an element holds a NUL byte, which
    /// no `text` value can (the caller sends the text-format literal instead, which the
    /// parameter buffer refuses). Each element's bytes are checked as they are copied.
    static func text(_ items: [String?]) -> [UInt8]? {
        var array = PGBinaryArray(
            elementOID: PGTypeOID.text, count: items.count, hasNulls: items.contains(nil),
            reservingBytes: items.reduce(0) { $0 + ($1?.utf8.count ?? 0) })
        for item in items {
            guard let item else {
                array.appendNull()
                continue
            }
            guard array.appendText(item) else { return nil }
        }
        return array.bytes
    }

    /// Appends a `text` element, its UTF-8 bytes; returns false, having appended nothing,
    /// when they hold a NUL byte.
    private mutating func appendText(_ item: String) -> Bool {
        var item = item
        return item.withUTF8 { utf8 in
            if let base = utf8.baseAddress, memchr(base, 0, utf8.count) != nil { return false }
            append(utf8)
            return true
        }
    }

    /// `int8[]` of `items`.
    static func int8(_ items: [Int64]) -> [UInt8] {
        var array = PGBinaryArray(elementOID: PGTypeOID.int8, count: items.count, reservingBytes: items.count * 8)
        for item in items { array.append(int8: item) }
        return array.bytes
    }

    /// `float8[]` of `items`.
    static func float8(_ items: [Double]) -> [UInt8] {
        var array = PGBinaryArray(elementOID: PGTypeOID.float8, count: items.count, reservingBytes: items.count * 8)
        for item in items { array.append(float8: item) }
        return array.bytes
    }

    /// `bool[]` of `items`.
    static func bool(_ items: [Bool]) -> [UInt8] {
        var array = PGBinaryArray(elementOID: PGTypeOID.bool, count: items.count, reservingBytes: items.count)
        for item in items { array.append(bool: item) }
        return array.bytes
    }

    /// `bytea[]` of `items`.
    static func bytea(_ items: [[UInt8]]) -> [UInt8] {
        var array = PGBinaryArray(
            elementOID: PGTypeOID.bytea, count: items.count, reservingBytes: items.reduce(0) { $0 + $1.count })
        for item in items { array.append(item) }
        return array.bytes
    }
}
