/// Escapes strings for hand-built JSON (log lines, outbox headers), per RFC 8259 §7.
/// Thread-safe.
public enum JSONText {
    /// `text` with `"`, `\` and control characters escaped (`\n`, `\r`, `\t`, others as
    /// `\u00XX`); the result goes between double quotes.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return text }
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

    /// `text` as a JSON string literal: ``escape(_:)`` between double quotes.
    public static func quoted(_ text: String) -> String {
        "\"" + escape(text) + "\""
    }
}
