import CLibPQ

/// Decoding of `bytea` text output.
enum PGBytea {
    /// Bytes of a `bytea` value in hex (`\x0a1b…`, the default `bytea_output`) or, via
    /// `PQunescapeBytea`, escape format; `nil` for malformed hex.
    static func decode(_ text: UnsafePointer<CChar>, length: Int) -> [UInt8]? {
        return text.withMemoryRebound(to: UInt8.self, capacity: length) { bytes -> [UInt8]? in
            guard length >= 2, bytes[0] == UInt8(ascii: "\\"), bytes[1] == UInt8(ascii: "x") else {
                return unescape(bytes)
            }
            guard length % 2 == 0 else { return nil }
            var out = [UInt8]()
            out.reserveCapacity((length - 2) / 2)
            var i = 2
            while i < length {
                guard let high = nibble(bytes[i]), let low = nibble(bytes[i + 1]) else { return nil }
                out.append(high << 4 | low)
                i += 2
            }
            return out
        }
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func unescape(_ bytes: UnsafePointer<UInt8>) -> [UInt8]? {
        var length = 0
        guard let out = PQunescapeBytea(bytes, &length) else { return nil }
        defer { PQfreemem(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }
}
