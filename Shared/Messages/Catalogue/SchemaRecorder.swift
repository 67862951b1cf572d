/// Discovers the JSON shape of a `Decodable` type by running its `init(from:)` against a
/// decoder that answers every question with a placeholder and writes down what was asked:
/// each key, whether it was read with `decode` (required) or `decodeIfPresent` (optional),
/// and the type read, recursing into nested objects, arrays and dictionaries.
///
/// Enums cannot be discovered this way; they adopt ``SchemaDescribable``. Works for
/// synthesized `Codable` and simple hand-written decoders (no branching on values).
/// Pure (no shared state); thread-safe.
enum SchemaRecorder {
    /// Nesting limit, so a recursive type cannot loop forever.
    static let maxDepth = 24

    /// Records `type` and returns a placeholder value with its shape.
    /// - Throws: `DecodingError` when the type's decoder asks for something the recorder
    ///   cannot answer (or nesting exceeds ``maxDepth``).
    static func record<T: Decodable>(_ type: T.Type, depth: Int = 0) throws -> (T, SchemaNode) {
        guard depth < maxDepth else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "schema nesting too deep"))
        }
        if T.self == String.self, let v = String() as? T { return (v, .string) }
        if T.self == Int.self, let v = Int(0) as? T { return (v, .integer) }
        if T.self == Int64.self, let v = Int64(0) as? T { return (v, .integer) }
        if T.self == Bool.self, let v = false as? T { return (v, .boolean) }
        if T.self == Double.self, let v = Double(0) as? T { return (v, .number) }
        var hint: String?
        var enumNode: SchemaNode?
        if let described = T.self as? any SchemaDescribable.Type {
            hint = described.schemaEnumValues.first ?? "unknown"
            enumNode = .enumeration(values: described.schemaEnumValues, open: described.schemaIsOpen)
        }
        let decoder = RecordingDecoder(depth: depth, stringHint: hint)
        let value = try T(from: decoder)
        if let enumNode { return (value, enumNode) }
        if let dict = T.self as? any SchemaDictionaryMarker.Type {
            return (value, .dictionary(dict.recordValueShape(depth: depth)))
        }
        var node = decoder.sink.finish()
        if case .object(var shape) = node {
            shape.typeName = String(describing: T.self)
            shape.descriptions = (T.self as? any FieldDocumented.Type)?.fieldDescriptions ?? [:]
            if let constrained = T.self as? any SchemaConstrained.Type {
                shape.fieldRules = constrained.fieldRules
                shape.objectRules = constrained.objectRules
            }
            node = .object(shape)
        }
        return (value, node)
    }
}

/// The `Decoder` handed to `init(from:)` while recording.
final class RecordingDecoder: Decoder {
    let depth: Int
    let stringHint: String?
    let sink = SchemaSink()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    init(depth: Int, stringHint: String?) {
        self.depth = depth
        self.stringHint = stringHint
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if sink.object == nil { sink.object = ObjectShape(typeName: "", fields: [], descriptions: [:]) }
        return KeyedDecodingContainer(RecordingKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        RecordingUnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        RecordingSingleValueContainer(decoder: self)
    }

    /// Records one field of the object being decoded and returns a placeholder for it.
    func field<T: Decodable>(_ type: T.Type, key: String, required: Bool) throws -> T {
        let (value, node) = try SchemaRecorder.record(T.self, depth: depth + 1)
        let name = SnakeCase.convert(key)
        if sink.object?.fields.contains(where: { $0.name == name }) == false {
            sink.object?.fields.append(.init(name: name, node: node, required: required))
        }
        return value
    }

    /// Records a single value (a string, a number, an enum's raw value) and returns a placeholder.
    func single<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self, let hint = stringHint, let v = hint as? T {
            sink.node = .string
            return v
        }
        let (value, node) = try SchemaRecorder.record(T.self, depth: depth + 1)
        sink.node = node
        return value
    }
}
