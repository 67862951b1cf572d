#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one JSON coding of message bodies (DESIGN §4): UTF-8, snake_case keys, sorted keys,
/// integers for amounts and timestamps (Unix seconds), no dates or floats in messages.
///
/// ``decode(_:from:)`` ignores unknown fields (events, replies: tolerant readers, forward
/// compatible); ``decodeStrict(_:from:)`` refuses them (commands); ``decodeMessage(_:from:)``
/// picks the right one for a ``BusMessage``. Every failure is a ``MessageDecodingError``
/// naming the field path. Dictionary keys (e.g. `metadata`) are kept as sent. Stateless;
/// safe to call from any thread.
public enum MessageCoder {
    /// Encodes a value as JSON bytes with snake_case, sorted keys and unescaped slashes.
    /// - Throws: `EncodingError` if the value cannot be encoded (e.g. a non-finite Double).
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    /// Decodes a value from JSON bytes with snake_case keys.
    /// - Throws: ``MessageDecodingError`` naming the field path and the reason
    ///   (missing, wrong type, invalid value) or `malformed` for bytes that are not JSON.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(MessageDecodingError) -> T {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            var translated = translate(error)
            if translated.kind == .malformed, AnyJSONValue.isWellFormed(bytes) {
                // Foundation reports a number that does not fit an integer field (1.5, 1e30)
                // as invalid JSON without a path; the document itself is fine.
                translated = MessageDecodingError(
                    field: "", kind: .wrongType,
                    reason: "wrong type: a number is not an integer in range")
            }
            throw translated
        } catch let error as MessageDecodingError {
            throw error
        } catch {
            throw MessageDecodingError(field: "", kind: .malformed, reason: "malformed: \(error)")
        }
    }

    /// Decodes a value and refuses any field its type does not read, at any depth
    /// (see ``KnownFields``); unknown fields are reported before missing or mistyped ones,
    /// since a misspelt name usually explains a missing one.
    /// - Throws: ``MessageDecodingError``: `unknown_field` naming the wire path, otherwise
    ///   as ``decode(_:from:)``.
    public static func decodeStrict<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(MessageDecodingError) -> T {
        try KnownFields.check(bytes, against: T.self)
        return try decode(T.self, from: bytes)
    }

    /// Decodes a message body as its kind requires: commands strictly
    /// (``decodeStrict(_:from:)``), events tolerantly (``decode(_:from:)``).
    /// - Throws: ``MessageDecodingError``.
    public static func decodeMessage<M: BusMessage>(_ type: M.Type, from bytes: [UInt8]) throws(MessageDecodingError) -> M {
        if M.self is any CommandMessage.Type { return try decodeStrict(M.self, from: bytes) }
        return try decode(M.self, from: bytes)
    }

    /// Maps Foundation's `DecodingError` to a ``MessageDecodingError`` with a wire path.
    static func translate(_ error: DecodingError) -> MessageDecodingError {
        switch error {
        case .keyNotFound(let key, let context):
            let path = SnakeCase.path(context.codingPath + [key])
            return MessageDecodingError(field: path, kind: .missing, reason: "missing required field")
        case .valueNotFound(let type, let context):
            return MessageDecodingError(
                field: SnakeCase.path(context.codingPath), kind: .missing,
                reason: "missing required field (null where \(type) is required)")
        case .typeMismatch(let type, let context):
            return MessageDecodingError(
                field: SnakeCase.path(context.codingPath), kind: .wrongType,
                reason: "wrong type: expected \(jsonTypeName(type))")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return MessageDecodingError(
                    field: "", kind: .malformed,
                    reason: "malformed: body is not a valid JSON document")
            }
            return MessageDecodingError(
                field: SnakeCase.path(context.codingPath), kind: .invalidValue,
                reason: "invalid value: \(context.debugDescription)")
        @unknown default:
            return MessageDecodingError(field: "", kind: .malformed, reason: "malformed: \(error)")
        }
    }

    /// A JSON-flavoured name for the Swift type a field should have had.
    static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "string"
        case is Bool.Type: return "boolean"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: return "integer"
        case is Double.Type, is Float.Type: return "number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array<") { return "array" }
            if name.hasPrefix("Dictionary<") || name.contains("KeyedDecodingContainer") { return "object" }
            return "\(name) (object or string)"
        }
    }
}
