import CLibPQ

/// Decoding of `bytea` text output.
enum PGBytea {
    /// Bytes of a `bytea` value in hex (`\x0a1b…`, the default `bytea_output`) or, via
    /// `PQunescapeBytea`, escape format; `nil` for malformed hex (an odd digit count or a
    /// character that is not a hex digit).
    ///
    /// Outbox payloads (about 2 KiB, so 4 KiB of hex) are decoded here for every row the
    /// relay publishes.
    static func decode(_ text: UnsafePointer<CChar>, length: Int) -> [UInt8]? {
        return text.withMemoryRebound(to: UInt8.self, capacity: length) { bytes -> [UInt8]? in
            guard length >= 2, bytes[0] == UInt8(ascii: "\\"), bytes[1] == UInt8(ascii: "x") else {
                return unescape(bytes)
            }
            return decodeHex(UnsafeBufferPointer(start: bytes + 2, count: length - 2))
        }
    }

    /// The bytes of `digits`, two hex digits (either case) per byte; `nil` for an odd
    /// count or a non-digit. Each digit's value is computed with no branch and no
    /// per-byte capacity check, so the loop vectorizes.
    static func decodeHex(_ digits: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard digits.count % 2 == 0 else { return nil }
        guard let source = digits.baseAddress else { return [] }
        let count = digits.count / 2
        var invalid = false
        let out = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            guard let target = buffer.baseAddress else { return }
            var bad: UInt8 = 0
            for i in 0..<count {
                let (high, highBad) = value(source[2 &* i])
                let (low, lowBad) = value(source[2 &* i &+ 1])
                bad |= highBad | lowBad
                target[i] = high << 4 | (low & 0x0F)
            }
            invalid = bad != 0
            initialized = count
        }
        return invalid ? nil : out
    }

    /// A hex digit's value, and 1 beside it when `c` is not one ('0'–'9', 'a'–'f', 'A'–'F').
    @inline(__always)
    private static func value(_ c: UInt8) -> (UInt8, UInt8) {
        let decimal = c &- UInt8(ascii: "0")
        let letter = (c | 0x20) &- UInt8(ascii: "a")  // 'A'–'F' fold onto 'a'–'f'
        let isDecimal = decimal < 10
        let isLetter = letter < 6
        return (isDecimal ? decimal : letter &+ 10, isDecimal || isLetter ? 0 : 1)
    }

    private static func unescape(_ bytes: UnsafePointer<UInt8>) -> [UInt8]? {
        var length = 0
        guard let out = PQunescapeBytea(bytes, &length) else { return nil }
        defer { PQfreemem(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }
}
