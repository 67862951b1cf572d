/// The shape of one Codable type as the ``SchemaRecorder`` saw it.
indirect enum SchemaNode: Sendable, Equatable {
    /// A JSON string.
    case string
    /// A JSON integer.
    case integer
    /// A JSON number.
    case number
    /// `true` / `false`.
    case boolean
    /// A string from a fixed (or, when open, a known) list.
    case enumeration(values: [String], open: Bool)
    /// A JSON array of one element shape.
    case array(SchemaNode)
    /// A JSON object with string keys and one value shape (e.g. `metadata`).
    case dictionary(SchemaNode)
    /// A JSON object with named fields, in declaration order.
    case object(ObjectShape)
    /// Anything (the recorder could not tell).
    case any
}

/// The fields of an object type.
struct ObjectShape: Sendable, Equatable {
    /// One field: wire name, shape, and whether it must be present.
    struct Field: Sendable, Equatable {
        var name: String
        var node: SchemaNode
        var required: Bool
    }

    /// The Swift type's name, for titles.
    var typeName: String
    /// The fields in the order `init(from:)` decodes them.
    var fields: [Field]
    /// Hand-written descriptions by wire name (from ``FieldDocumented``).
    var descriptions: [String: String]
    /// Validation rules by wire name (from ``SchemaConstrained``).
    var fieldRules: [String: SchemaRule] = [:]
    /// Cross-field rules of the object (from ``SchemaConstrained``).
    var objectRules: [SchemaRule] = []
}

/// Collects the shape one decoder produced; shared by the containers it hands out.
final class SchemaSink {
    var node: SchemaNode = .any
    var object: ObjectShape?

    func finish() -> SchemaNode {
        if let object { return .object(object) }
        return node
    }
}

/// Lets the recorder see a `[String: Value]` dictionary's value type.
protocol SchemaDictionaryMarker {
    static func recordValueShape(depth: Int) -> SchemaNode
}

extension Dictionary: SchemaDictionaryMarker where Key == String, Value: Decodable {
    static func recordValueShape(depth: Int) -> SchemaNode {
        (try? SchemaRecorder.record(Value.self, depth: depth + 1).1) ?? .any
    }
}
