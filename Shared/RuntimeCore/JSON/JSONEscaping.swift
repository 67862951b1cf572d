/// Escaping of strings for hand-built JSON, per RFC 8259 §7: the one implementation, used
/// through ``JSONText`` by log lines, notifications' event headers and stripe-sim's JSON
/// writer; ``appendQuoted(_:to:)`` writes the same escaping as bytes for the outbox headers
/// and the OTLP span encoder. Thread-safe.
public enum JSONEscaping {
    /// `text` with `"`, `\` and control characters escaped (`\n`, `\r`, `\t`, others as
    /// `\u00XX`); the result goes between double quotes. Returns `text` itself when nothing
    /// needs escaping.
    public static func escape(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `text` holds a byte that must be escaped (``mustEscape(_:)``). Scans the
    /// contiguous UTF-8 storage of a native string in one tight loop; other strings byte
    /// by byte.
    static func needsEscaping(_ text: String) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ $0.contains(where: mustEscape) }) { return found }
        return text.utf8.contains(where: mustEscape)
    }

    /// Whether `byte` must be escaped inside a JSON string: `"`, `\` or a control character.
    public static func mustEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C }

    /// Appends `text` to `bytes` as a JSON string literal: between double quotes, escaped
    /// as ``escape(_:)`` does (`\n`, `\r`, `\t`, other control characters as `\u00XX` in
    /// lower-case hex); anything else, non-ASCII included, copied as UTF-8. A string that
    /// needs no escaping (nearly all) is copied in one go, with no `String` in between.
    public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            if utf8.contains(where: mustEscape) {
                appendEscaped(utf8, to: &bytes)
            } else {
                bytes.append(contentsOf: utf8)
            }
        }
        if copied == nil { appendEscaped(text.utf8, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ utf8: some Sequence<UInt8>, to bytes: inout [UInt8]) {
        for unit in utf8 {
            guard mustEscape(unit) else {
                bytes.append(unit)
                continue
            }
            bytes.append(UInt8(ascii: "\\"))
            switch unit {
            case 0x22, 0x5C: bytes.append(unit)
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            default:  // \u00XX, lower-case hex; below 0x20 the high digit is 0 or 1
                let low = unit & 0xF
                bytes.append(UInt8(ascii: "u"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0") + (unit >> 4))
                bytes.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
            }
        }
    }
}
