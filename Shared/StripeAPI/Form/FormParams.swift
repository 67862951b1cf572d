/// Parameters of one Stripe request, in a stable order, encoded like the official
/// libraries encode `application/x-www-form-urlencoded` bodies and query strings.
///
/// Keys keep the order in which they were first set (typed parameter structs set them
/// in a fixed order; maps such as `metadata` are sorted by key), so the same parameters
/// always produce the same bytes — which Stripe's idempotency check compares. Setting an
/// existing key replaces its value in place; setting `nil` removes the key (nil values
/// are never sent). Thread-safe: a value type.
public struct FormParams: Sendable, Equatable {
    /// One top-level key and its value.
    public struct Entry: Sendable, Equatable {
        /// The parameter name, e.g. `metadata` or `line_items`.
        public var key: String
        /// The parameter value.
        public var value: Value
    }

    /// The entries in encoding order.
    public private(set) var entries: [Entry] = []

    /// Empty parameters.
    public init() {}

    /// `true` when no key is set.
    public var isEmpty: Bool { entries.isEmpty }

    /// The value of `key`; assigning `nil` removes the key.
    public subscript(key: String) -> Value? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append(Entry(key: key, value: newValue))
            }
        }
    }

    /// Sets a string when it is not `nil`.
    public mutating func set(_ key: String, _ value: String?) { if let value { self[key] = .string(value) } }
    /// Sets an integer (amounts in the smallest currency unit) when it is not `nil`.
    public mutating func set(_ key: String, _ value: Int?) { if let value { self[key] = .int(value) } }
    /// Sets a boolean when it is not `nil`.
    public mutating func set(_ key: String, _ value: Bool?) { if let value { self[key] = .bool(value) } }
    /// Sets a nested object when it is not `nil` (an empty object is kept but never sent).
    public mutating func set(_ key: String, _ value: FormParams?) { if let value { self[key] = .object(value) } }
    /// Sets an array of strings when it is not `nil` (an empty array unsets the field).
    public mutating func set(_ key: String, _ value: [String]?) { if let value { self[key] = .strings(value) } }
    /// Sets a string map with sorted keys when it is not `nil` (used for `metadata`).
    public mutating func set(_ key: String, _ value: [String: String]?) { if let value { self[key] = .map(value) } }
    /// Sets a Stripe enum's raw value when it is not `nil`.
    public mutating func set<E: StripeStringEnum>(_ key: String, _ value: E?) { if let value { self[key] = .string(value.rawValue) } }

    /// Returns these parameters with the entries of `other` set on top (later wins).
    public func merging(_ other: FormParams) -> FormParams {
        var merged = self
        for entry in other.entries { merged[entry.key] = entry.value }
        return merged
    }
}

extension FormParams: ExpressibleByDictionaryLiteral {
    /// Parameters from a literal, in the literal's order.
    public init(dictionaryLiteral elements: (String, Value)...) {
        for (key, value) in elements { self[key] = value }
    }
}
