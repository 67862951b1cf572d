extension SchemaNode {
    /// The JSON Schema (draft 2020-12) of this shape, tolerant: objects allow additional
    /// properties (events and replies: consumers ignore unknown fields).
    var jsonSchema: JSONValue { jsonSchema(strict: false) }

    /// The JSON Schema (draft 2020-12) of this shape. `strict` (commands) closes every object
    /// with `additionalProperties: false`, as the services refuse unknown fields (string
    /// maps such as `metadata` stay open), refuses U+0000 in every string and map key, and
    /// writes the ``FieldConventions`` limits (``CommandLimits`` checks the same). Objects list `required` fields, field descriptions
    /// and the ``SchemaConstrained`` rules of their type.
    func jsonSchema(strict: Bool) -> JSONValue {
        switch self {
        case .string:
            var schema: [String: JSONValue] = ["type": .string("string")]
            if strict { schema.merge(CommandLimits.noNul) { $1 } }
            return .object(schema)
        case .integer: return .object(["type": .string("integer")])
        case .number: return .object(["type": .string("number")])
        case .boolean: return .object(["type": .string("boolean")])
        case .any: return .object([:])
        case .enumeration(let values, let open):
            let list = JSONValue.array(values.map(JSONValue.string))
            if open {
                var schema: [String: JSONValue] = [
                    "type": .string("string"), "examples": list,
                    "description": .string("Known values are listed in examples; other values may appear."),
                ]
                if strict { schema.merge(CommandLimits.noNul) { $1 } }
                return .object(schema)
            }
            return .object(["type": .string("string"), "enum": list])
        case .array(let item):
            return .object(["type": .string("array"), "items": item.jsonSchema(strict: strict)])
        case .dictionary(let value):
            var schema: [String: JSONValue] = ["type": .string("object"), "additionalProperties": value.jsonSchema(strict: strict)]
            if strict { schema["propertyNames"] = .object(CommandLimits.noNul) }
            return .object(schema)
        case .object(let shape):
            return shape.jsonSchema(strict: strict)
        }
    }
}

extension ObjectShape {
    /// `{"type":"object","properties":…,"required":[…],"additionalProperties":…}` with field
    /// descriptions, field rules merged into each property and object rules on the object
    /// (several in an `allOf`).
    func jsonSchema(strict: Bool) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        for field in fields {
            guard case .object(var schema) = field.node.jsonSchema(strict: strict) else { continue }
            let parts = [descriptions[field.name], FieldConventions.description(of: field.name)].compactMap { $0 }
            if !parts.isEmpty {
                let text = parts.joined(separator: " ")
                let note = schema["description"]?.stringValue.map { " " + $0 } ?? ""
                schema["description"] = .string(text + note)
            }
            for (k, v) in FieldConventions.keywords(of: field.name) { schema[k] = v }
            if strict {
                for limit in FieldConventions.limits(of: field.name, node: field.node) { schema = merged(schema, limit.keywords) }
            }
            if let rule = fieldRules[field.name] {
                schema = merged(schema, rule.keywords)
            }
            properties[field.name] = .object(schema)
        }
        var out: [String: JSONValue] = [
            "type": .string("object"),
            "properties": .object(properties),
            "additionalProperties": .bool(!strict),
        ]
        let required = fields.filter(\.required).map { JSONValue.string($0.name) }
        if !required.isEmpty { out["required"] = .array(required) }
        if !typeName.isEmpty { out["title"] = .string(typeName) }
        if objectRules.count == 1, let rule = objectRules.first {
            out = merged(out, rule.keywords)
        } else if objectRules.count > 1 {
            out["allOf"] = .array(objectRules.map { .object($0.keywords) })
        }
        return .object(out)
    }

    /// `schema` with `keywords` added; a keyword already set (an array's `items`, say) is
    /// combined: objects member by member, anything else kept apart in an `allOf`.
    private func merged(_ schema: [String: JSONValue], _ keywords: [String: JSONValue]) -> [String: JSONValue] {
        var out = schema
        for (key, value) in keywords {
            switch (out[key], value) {
            case (nil, _):
                out[key] = value
            case (.object(let old)?, .object(let new)):
                out[key] = .object(merged(old, new))
            default:
                out["allOf"] = .array((out["allOf"]?.arrayValue ?? []) + [.object([key: value])])
            }
        }
        return out
    }
}
