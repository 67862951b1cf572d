/// Keyed container of the ``RecordingDecoder``: every key "exists", nothing is null.
struct RecordingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: RecordingDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.field(T.self, key: key.stringValue, required: true)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decoder.field(T.self, key: key.stringValue, required: false)
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.field(type, key: key.stringValue, required: true) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.field(type, key: key.stringValue, required: true) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.field(type, key: key.stringValue, required: true) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.field(type, key: key.stringValue, required: true) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.field(type, key: key.stringValue, required: true) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decoder.field(type, key: key.stringValue, required: false) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decoder.field(type, key: key.stringValue, required: false) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decoder.field(type, key: key.stringValue, required: false) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decoder.field(type, key: key.stringValue, required: false) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decoder.field(type, key: key.stringValue, required: false) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw unsupported("nested keyed containers")
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw unsupported("nested unkeyed containers")
    }
    func superDecoder() throws -> any Decoder { throw unsupported("super decoders") }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw unsupported("super decoders") }
}

/// Unkeyed container of the ``RecordingDecoder``: an array of exactly one placeholder element.
struct RecordingUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: RecordingDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { nil }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex > 0 }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, node) = try SchemaRecorder.record(T.self, depth: decoder.depth + 1)
        decoder.sink.node = .array(node)
        currentIndex += 1
        return value
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw unsupported("nested keyed containers")
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw unsupported("nested unkeyed containers")
    }
    mutating func superDecoder() throws -> any Decoder { throw unsupported("super decoders") }
}

/// Single-value container of the ``RecordingDecoder``.
struct RecordingSingleValueContainer: SingleValueDecodingContainer {
    let decoder: RecordingDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.single(T.self) }
    func decode(_ type: String.Type) throws -> String { try decoder.single(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.single(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.single(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.single(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.single(type) }
}

/// The error for decoder features the recorder does not model.
func unsupported(_ what: String) -> DecodingError {
    DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "schema recorder does not support \(what)"))
}
