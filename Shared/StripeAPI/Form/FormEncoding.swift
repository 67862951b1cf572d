/// Flattening and percent-encoding of ``FormParams``, as Stripe's official libraries do it.
///
/// Keys become bracket paths (`line_items[0][price_data][unit_amount]`) with the
/// brackets left unescaped; every byte of a key segment or value outside RFC 3986's
/// unreserved set (`A–Z a–z 0–9 - . _ ~`) is percent-encoded as UTF-8 with upper-case hex
/// (space is `%20`, `+` is `%2B`, `ë` is `%C3%AB`). Brackets inside values are encoded.
public enum FormEncoding {
    /// The flattened `(path, value)` pairs in encoding order, not yet percent-encoded.
    public static func pairs(_ params: FormParams) -> [(key: String, value: String)] {
        var out: [(key: String, value: String)] = []
        for entry in params.entries { flatten(entry.value, path: entry.key, into: &out) }
        return out
    }

    /// The encoded body or query string, e.g. `amount=2000&metadata[order_id]=A%2F1`.
    public static func encode(_ params: FormParams) -> String {
        pairs(params).map { encodeKey($0.key) + "=" + percentEncode($0.value) }.joined(separator: "&")
    }

    /// Percent-encodes everything outside the unreserved set.
    public static func percentEncode(_ text: String) -> String {
        percentEncode(text, keepingBrackets: false)
    }

    /// Percent-encodes a bracket path, leaving `[` and `]` as they are.
    static func encodeKey(_ key: String) -> String {
        percentEncode(key, keepingBrackets: true)
    }

    private static func percentEncode(_ text: String, keepingBrackets: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || (keepingBrackets && (byte == 0x5B || byte == 0x5D)) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
            }
        }
        return out
    }

    private static func flatten(_ value: FormParams.Value, path: String, into out: inout [(key: String, value: String)]) {
        switch value {
        case .string(let string): out.append((path, string))
        case .int(let int): out.append((path, String(int)))
        case .bool(let bool): out.append((path, bool ? "true" : "false"))
        case .array(let items):
            if items.isEmpty { out.append((path, "")) }
            for (index, item) in items.enumerated() { flatten(item, path: "\(path)[\(index)]", into: &out) }
        case .object(let object):
            // An empty object is not sent at all: `key=` would ask Stripe to unset the
            // object (refused on create: `parameter_invalid_empty`), never what an absent
            // set of properties means. Clearing a field is the explicit `Value.unset`.
            for entry in object.entries { flatten(entry.value, path: "\(path)[\(entry.key)]", into: &out) }
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> String {
        String(UnicodeScalar(nibble < 10 ? nibble + 48 : nibble + 55))
    }
}

extension FormParams {
    /// The encoded form body or query string; see ``FormEncoding``.
    public func encoded() -> String { FormEncoding.encode(self) }
}
