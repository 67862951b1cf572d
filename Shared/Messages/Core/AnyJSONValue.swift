#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Any JSON value, decoded only to learn that a document is well-formed JSON (what
/// `JSONSerialization.jsonObject(with:)` was used for; FoundationEssentials has no
/// `JSONSerialization`). Numbers of any size and precision are accepted.
struct AnyJSONValue: Decodable {
    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd { _ = try array.decode(AnyJSONValue.self) }
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            for key in object.allKeys { _ = try object.decode(AnyJSONValue.self, forKey: key) }
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() { return }
        if (try? value.decode(Bool.self)) != nil { return }
        if (try? value.decode(String.self)) != nil { return }
        _ = try value.decode(Double.self)
    }

    /// Whether `bytes` is one well-formed JSON document.
    static func isWellFormed(_ bytes: [UInt8]) -> Bool {
        (try? JSONDecoder().decode(AnyJSONValue.self, from: Data(bytes))) != nil
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
