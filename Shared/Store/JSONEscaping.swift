/// Escaping of strings for hand-built JSON, per RFC 8259 §7: the one implementation, used by
/// the Store's batch insert and, through the runtime's `JSONText`, by log lines, outbox
/// headers and the CLI. Thread-safe.
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

    /// Whether `text` holds a byte that must be escaped: `"`, `\\` or a control character.
    /// Scans the contiguous UTF-8 storage of a native string in one tight loop; other
    /// strings byte by byte.
    static func needsEscaping(_ text: String) -> Bool {
        func escaped(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C }
        if let found = text.utf8.withContiguousStorageIfAvailable({ $0.contains(where: escaped) }) { return found }
        return text.utf8.contains(where: escaped)
    }
}
