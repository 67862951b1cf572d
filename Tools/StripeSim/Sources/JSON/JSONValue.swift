import Foundation

/// A JSON value: the simulator's representation of every Stripe object it stores and returns.
///
/// Objects keep no key order; ``serialized()`` writes keys sorted, so output is deterministic.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member named `key` of an object (`nil` for other kinds or a missing key).
    /// Setting `nil` stores JSON `null` (Stripe renders unset fields as `null`); setting on a
    /// non-object turns it into an object.
    public subscript(key: String) -> JSONValue? {
        get {
            if case .object(let members) = self { return members[key] }
            return nil
        }
        set {
            var members: [String: JSONValue] = [:]
            if case .object(let existing) = self { members = existing }
            members[key] = newValue ?? .null
            self = .object(members)
        }
    }

    /// The string, when this is a string.
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    /// The integer, when this is an integer.
    public var intValue: Int? { if case .int(let i) = self { return i }; return nil }
    /// The boolean, when this is a boolean.
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    /// The members, when this is an object.
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { return o }; return nil }
    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// Follows a dotted path of object keys, e.g. `"requirements.currently_due"`.
    public func value(at path: String) -> JSONValue? {
        var current: JSONValue? = self
        for key in path.split(separator: ".") { current = current?[String(key)] }
        return current
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal (later duplicates win).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// `nil` is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// `.string(s)` or `.null` when `s` is nil.
    public static func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
    /// `.int(i)` or `.null` when `i` is nil.
    public static func optional(_ i: Int?) -> JSONValue { i.map { .int($0) } ?? .null }
    /// An array of strings.
    public static func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }
}
