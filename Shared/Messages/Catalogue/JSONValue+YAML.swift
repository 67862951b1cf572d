extension JSONValue {
    /// The value as a YAML 1.2 block document (UTF-8 text ending in a newline), for files
    /// people read and YAML tools load (`docs/asyncapi.yaml`).
    ///
    /// Deterministic: object keys sorted as in ``bytes(pretty:)``; every string is a
    /// double-quoted scalar with JSON's escapes (also valid YAML 1.1, so PyYAML reads it
    /// unchanged); keys are plain only when no YAML reader could take them for anything
    /// but a string. Empty containers are written `{}` and `[]`.
    public func yaml() -> String {
        var out = ""
        switch self {
        case .object(let o) where !o.isEmpty: JSONValue.writeObject(o, indent: 0, into: &out)
        case .array(let a) where !a.isEmpty: JSONValue.writeArray(a, indent: 0, into: &out)
        default: out = scalarText + "\n"
        }
        return out
    }

    private static func writeObject(_ object: [String: JSONValue], indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent)
        for key in object.keys.sorted() {
            guard let value = object[key] else { continue }
            out += pad + yamlKey(key) + ":"
            writeNested(value, indent: indent, into: &out)
        }
    }

    private static func writeArray(_ array: [JSONValue], indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent)
        for element in array {
            switch element {
            case .object(let o) where !o.isEmpty:
                // "- key: value", the other keys aligned under the first.
                var block = ""
                writeObject(o, indent: indent + 2, into: &block)
                out += pad + "- " + block.dropFirst(indent + 2)
            case .array(let a) where !a.isEmpty:
                out += pad + "-\n"
                writeArray(a, indent: indent + 2, into: &out)
            default:
                out += pad + "- " + element.scalarText + "\n"
            }
        }
    }

    /// After `key:`: a scalar on the same line, a container on the next lines.
    private static func writeNested(_ value: JSONValue, indent: Int, into out: inout String) {
        switch value {
        case .object(let o) where !o.isEmpty:
            out += "\n"
            writeObject(o, indent: indent + 2, into: &out)
        case .array(let a) where !a.isEmpty:
            out += "\n"
            writeArray(a, indent: indent + 2, into: &out)
        default:
            out += " " + value.scalarText + "\n"
        }
    }

    /// A scalar (or an empty container) as YAML flow text.
    private var scalarText: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .double(let d): String(decoding: JSONValue.double(d).bytes(), as: UTF8.self)
        case .string(let s): JSONValue.quoted(s)
        case .array: "[]"
        case .object: "{}"
        }
    }

    /// Words YAML 1.1 readers take as booleans or null when plain.
    private static let reservedWords: Set<String> = [
        "y", "n", "yes", "no", "on", "off", "true", "false", "null", "~",
    ]

    /// A key plain when it is made of letters, digits and `_ . $ / -`, starts with a letter,
    /// `_` or `$`, and is no reserved word; double-quoted otherwise.
    private static func yamlKey(_ key: String) -> String {
        guard let first = key.unicodeScalars.first, isPlainStart(first),
            key.unicodeScalars.allSatisfy(isPlainCharacter),
            !reservedWords.contains(key.lowercased())
        else { return quoted(key) }
        return key
    }

    private static func isPlainStart(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_" || scalar == "$"
    }

    private static func isPlainCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isPlainStart(scalar) || (scalar >= "0" && scalar <= "9") || "./-".unicodeScalars.contains(scalar)
    }

    /// A double-quoted scalar: `"` and `\` escaped, control and non-printable characters
    /// (C0, DEL, C1, U+2028, U+2029, U+FEFF) as `\uXXXX` or their short escapes.
    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                let v = scalar.value
                if v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0x2028 || v == 0x2029 || v == 0xFEFF {
                    let hex = String(v, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
