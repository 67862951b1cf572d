/// A decoded form parameter: a string leaf, an array or a hash, as Stripe's nested
/// bracket syntax describes them (`a[b][0][c]=v`).
public enum FormValue: Sendable, Equatable {
    case string(String)
    case array([FormValue])
    case dict([String: FormValue])

    /// The leaf string, when this is a leaf.
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }

    /// The same value as JSON: leaves stay strings.
    public var json: JSONValue {
        switch self {
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(\.json))
        case .dict(let d): return .object(d.mapValues(\.json))
        }
    }
}
