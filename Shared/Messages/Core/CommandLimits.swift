/// The Stripe half of command decoding: finds the first value of a command body that Stripe
/// would refuse once the suite copies it into a request (DESIGN §4 "Stripe's limits"), or that
/// no store keeps (a NUL character), before the body is decoded.
///
/// It walks the body with the shape the ``SchemaRecorder`` recorded for the command (the same
/// shape ``KnownFields`` and the catalogue use) and checks, at every field, the
/// ``SchemaLimit``s of the field's ``SchemaRule`` and of its wire name
/// (``FieldConventions/limits(of:node:)``), then those of the object's own rules, depth first
/// by sorted key. Every string and every map key anywhere in a command is also refused when it
/// contains U+0000. The catalogue writes the same limits as JSON Schema keywords, so the
/// schema and the service agree by construction. Pure; thread-safe.
enum CommandLimits {
    /// The first broken limit in `value` against `shape` at the wire path `path`, or nil.
    /// - Returns: a ``MessageDecodingError`` of kind `invalid_value` whose ``MessageDecodingError/code``
    ///   is the precise `validation.*` code (`amount_too_large`, `amount_too_small`, `too_long`,
    ///   `too_many_items`, `invalid_metadata`, `nul_character`).
    static func firstViolation(in value: JSONValue, shape: SchemaNode, path: String) -> MessageDecodingError? {
        switch (shape, value) {
        case (_, .string(let text)):
            return text.unicodeScalars.contains("\u{0}") ? nul(path) : nil
        case (.object(let object), .object(let members)):
            for key in members.keys.sorted() {
                guard let member = members[key], let field = object.fields.first(where: { $0.name == key }) else { continue }
                let child = path.isEmpty ? key : "\(path).\(key)"
                let limits = (object.fieldRules[key]?.limits ?? []) + FieldConventions.limits(of: key, node: field.node)
                for limit in limits {
                    if let found = limit.violation(of: member, at: child) { return found }
                }
                if let found = firstViolation(in: member, shape: field.node, path: child) { return found }
            }
            for rule in object.objectRules {
                for limit in rule.limits {
                    if let found = limit.violation(of: value, at: path) { return found }
                }
            }
            return nil
        case (.dictionary(let valueShape), .object(let members)):
            for key in members.keys.sorted() {
                let child = "\(path).\(key)"
                if key.unicodeScalars.contains("\u{0}") { return nul(child) }
                if let member = members[key], let found = firstViolation(in: member, shape: valueShape, path: child) {
                    return found
                }
            }
            return nil
        case (.array(let itemShape), .array(let items)):
            for (index, item) in items.enumerated() {
                if let found = firstViolation(in: item, shape: itemShape, path: "\(path)[\(index)]") { return found }
            }
            return nil
        default:
            return nil
        }
    }

    /// The JSON Schema that refuses a string containing U+0000, merged into every string and
    /// map-key schema of a command (in an `allOf`, so it never mixes with a field's own `not`).
    static let noNul: [String: JSONValue] = ["allOf": .array([.object(["not": .object(["pattern": .string("\u{0}")])])])]

    private static func nul(_ path: String) -> MessageDecodingError {
        SchemaLimit.error(
            path, "contains the NUL character (U+0000), which neither Stripe nor the suite's store accepts",
            ReplyError.Code.nulCharacter)
    }
}
