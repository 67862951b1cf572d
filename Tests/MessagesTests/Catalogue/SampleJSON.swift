@testable import Messages

/// Builds a JSON instance of a catalogue schema with every property present and distinct
/// values, so tests can check that each Codable type reads and writes what its schema says.
struct SampleJSON {
    private var counter = 0

    /// An instance of `schema`; strings are `<field>-<n>`, integers count up (amounts from
    /// 20,000, above Stripe's minimum charge in every currency, which the schema states only
    /// in an `if`/`then` on the currency).
    mutating func instance(of schema: JSONValue, field: String = "value") -> JSONValue {
        counter += 1
        if let values = schema["enum"]?.arrayValue, let first = values.first { return first }
        if let values = schema["examples"]?.arrayValue, let last = values.last { return last }
        switch schema["type"]?.stringValue {
        case "string": return .string(field == "currency" ? "usd" : "\(field)-\(counter)")
        case "integer": return .int(FieldConventions.isAmount(field) ? 20_000 + counter : counter)
        case "number": return .double(Double(counter) + 0.5)
        case "boolean": return .bool(counter % 2 == 0)
        case "array":
            return .array([instance(of: schema["items"] ?? .object([:]), field: field)])
        case "object":
            if let value = schema["additionalProperties"], case .object(let v) = value, !v.isEmpty {
                return .object(["someKey": instance(of: value, field: field)])
            }
            var out: [String: JSONValue] = [:]
            if case .object(let props)? = schema["properties"] {
                for (name, sub) in props.sorted(by: { $0.key < $1.key }) { out[name] = instance(of: sub, field: name) }
            }
            return .object(out)
        default:
            return .null
        }
    }
}
