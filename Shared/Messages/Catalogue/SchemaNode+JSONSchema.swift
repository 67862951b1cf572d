extension SchemaNode {
    /// The JSON Schema (draft 2020-12) of this shape. Objects list `required` fields and
    /// allow additional properties (consumers ignore unknown fields).
    var jsonSchema: JSONValue {
        switch self {
        case .string: return .object(["type": .string("string")])
        case .integer: return .object(["type": .string("integer")])
        case .number: return .object(["type": .string("number")])
        case .boolean: return .object(["type": .string("boolean")])
        case .any: return .object([:])
        case .enumeration(let values, let open):
            let list = JSONValue.array(values.map(JSONValue.string))
            if open {
                return .object(["type": .string("string"), "examples": list,
                                "description": .string("Known values are listed in examples; other values may appear.")])
            }
            return .object(["type": .string("string"), "enum": list])
        case .array(let item):
            return .object(["type": .string("array"), "items": item.jsonSchema])
        case .dictionary(let value):
            return .object(["type": .string("object"), "additionalProperties": value.jsonSchema])
        case .object(let shape):
            return shape.jsonSchema
        }
    }
}

extension ObjectShape {
    /// `{"type":"object","properties":…,"required":[…]}` with field descriptions.
    var jsonSchema: JSONValue {
        var properties: [String: JSONValue] = [:]
        for field in fields {
            guard case .object(var schema) = field.node.jsonSchema else { continue }
            let parts = [descriptions[field.name], FieldConventions.description(of: field.name)].compactMap { $0 }
            if !parts.isEmpty {
                let text = parts.joined(separator: " ")
                let note = schema["description"]?.stringValue.map { " " + $0 } ?? ""
                schema["description"] = .string(text + note)
            }
            for (k, v) in FieldConventions.keywords(of: field.name) { schema[k] = v }
            properties[field.name] = .object(schema)
        }
        var out: [String: JSONValue] = [
            "type": .string("object"),
            "properties": .object(properties),
            "additionalProperties": .bool(true),
        ]
        let required = fields.filter(\.required).map { JSONValue.string($0.name) }
        if !required.isEmpty { out["required"] = .array(required) }
        if !typeName.isEmpty { out["title"] = .string(typeName) }
        return .object(out)
    }
}
