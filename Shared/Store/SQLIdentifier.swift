/// A validated SQL identifier (schema, table, savepoint name) and its quoted form.
///
/// Only names matching `^[a-z_][a-z0-9_]*$` and at most 63 bytes (Postgres' `NAMEDATALEN`
/// − 1) are accepted, so the quoted form `"name"` needs no escaping and can never carry
/// user input into SQL text. Thread-safety: a plain `Sendable` value.
public struct SQLIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// The bare name, e.g. `payments`.
    public let name: String

    /// Validates `name`.
    /// - Throws: `StoreError` with code `store.invalid_identifier` naming the rejected value.
    public init(_ name: String) throws(StoreError) {
        guard SQLIdentifier.isValid(name) else {
            throw StoreError(
                code: StoreError.Code.invalidIdentifier,
                message: "invalid SQL identifier \"\(name)\": expected ^[a-z_][a-z0-9_]*$, at most 63 characters")
        }
        self.name = name
    }

    /// `true` when `name` matches `^[a-z_][a-z0-9_]*$` and is 1…63 bytes long.
    public static func isValid(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 63 else { return false }
        func isLower(_ b: UInt8) -> Bool { b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        let underscore = UInt8(ascii: "_")
        guard isLower(first) || first == underscore else { return false }
        return bytes.allSatisfy { isLower($0) || isDigit($0) || $0 == underscore }
    }

    /// The double-quoted form to splice into SQL text, e.g. `"payments"`.
    public var quoted: String { "\"\(name)\"" }

    /// The quoted form.
    public var description: String { quoted }
}
