/// Escapes strings for hand-built JSON (log lines, outbox headers), per RFC 8259 §7.
/// Thread-safe.
public enum JSONText {
    /// `text` with `"`, `\` and control characters escaped (`\n`, `\r`, `\t`, others as
    /// `\u00XX`); the result goes between double quotes.
    public static func escape(_ text: String) -> String { JSONEscaping.escape(text) }

    /// `text` as a JSON string literal: ``escape(_:)`` between double quotes.
    public static func quoted(_ text: String) -> String {
        "\"" + escape(text) + "\""
    }
}
