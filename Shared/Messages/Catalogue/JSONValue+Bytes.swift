#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// UTF-8 JSON with sorted keys and unescaped slashes, keys exactly as stored; `[]` only
    /// if encoding fails (it cannot for values without non-finite doubles).
    public func bytes(pretty: Bool = false) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            : [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(self))) ?? []
    }

    /// The elements of an array, or nil.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The string of a string value, or nil.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
