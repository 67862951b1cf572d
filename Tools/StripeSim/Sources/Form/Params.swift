/// Typed, strict access to one request's (or one nested hash's) form parameters.
/// Errors name the full bracketed parameter path, as Stripe's do.
public struct Params: Sendable {
    /// The raw decoded parameters.
    public let values: [String: FormValue]
    /// Bracketed path of this hash (`""` at top level), for error messages.
    public let prefix: String

    /// Wraps decoded parameters.
    public init(_ values: [String: FormValue], prefix: String = "") {
        self.values = values
        self.prefix = prefix
    }

    /// The full name of `key` inside this hash, e.g. `payment_intent_data[application_fee_amount]`.
    public func name(_ key: String) -> String { prefix.isEmpty ? key : "\(prefix)[\(key)]" }

    /// Whether the parameter was sent.
    public func has(_ key: String) -> Bool { values[key] != nil }

    /// Whether the parameter at a bracket path under this hash (`controller[fees]`) was sent
    /// as an empty value (`key=`), Stripe's way to ask for a field to be unset.
    public func isEmptyValue(_ path: String) -> Bool {
        let segments = path.split(whereSeparator: { $0 == "[" || $0 == "]" }).map(String.init)
        guard let first = segments.first, var value = values[first] else { return false }
        for segment in segments.dropFirst() {
            guard case .dict(let members) = value, let next = members[segment] else { return false }
            value = next
        }
        if case .string("") = value { return true }
        return false
    }

    /// Throws `parameter_unknown` for a key outside `allowed`.
    public func requireOnly(_ allowed: Set<String>) throws(SimError) {
        for key in values.keys.sorted() where !allowed.contains(key) { throw SimError.unknown(name(key)) }
    }

    /// A string parameter; throws when it is a hash or array.
    public func string(_ key: String) throws(SimError) -> String? {
        guard let value = values[key] else { return nil }
        guard let s = value.stringValue else {
            throw SimError.invalidRequest("Invalid string: \(name(key))", param: name(key), code: "parameter_invalid_string")
        }
        return s
    }

    /// A string parameter of at most `maxLength` characters, refused above it as Stripe does:
    /// "Invalid string: BAh7CEkiCG...7b80c2b880; must be at most 200 characters" (a long value
    /// is shown by its first and last ten characters).
    public func string(_ key: String, maxLength: Int) throws(SimError) -> String? {
        guard let s = try string(key) else { return nil }
        guard s.unicodeScalars.count <= maxLength else {
            var error = SimError.invalidRequest("Invalid string: \(Self.abbreviated(s)); must be at most \(maxLength) characters", param: name(key))
            error.validation = true
            throw error
        }
        return s
    }

    /// `s` as Stripe quotes a long value in an error: its first and last ten characters.
    static func abbreviated(_ s: String) -> String {
        s.count <= 23 ? s : "\(s.prefix(10))...\(s.suffix(10))"
    }

    /// A string parameter that must be one of `values` (Stripe's enum), refused otherwise
    /// with ``SimError/notOneOf(_:_:)``.
    public func oneOf(_ key: String, _ values: [String]) throws(SimError) -> String? {
        guard let s = try string(key) else { return nil }
        guard values.contains(s) else { throw SimError.notOneOf(name(key), values) }
        return s
    }

    /// A required non-empty string parameter.
    public func requiredString(_ key: String) throws(SimError) -> String {
        guard let s = try string(key) else { throw SimError.missing(name(key)) }
        if s.isEmpty {
            throw SimError.invalidValue(
                name(key),
                "You passed an empty string for '\(name(key))'. We assume empty values are an attempt to unset a parameter; however '\(name(key))' cannot be unset."
            )
        }
        return s
    }

    /// An integer parameter (minor units for amounts).
    public func int(_ key: String) throws(SimError) -> Int? {
        guard let s = try string(key) else { return nil }
        guard let i = Int(s) else {
            throw SimError.invalidRequest("Invalid integer: \(s)", param: name(key), code: "parameter_invalid_integer")
        }
        return i
    }

    /// A required integer parameter.
    public func requiredInt(_ key: String) throws(SimError) -> Int {
        guard let i = try int(key) else { throw SimError.missing(name(key)) }
        return i
    }

    /// A boolean parameter (`true`/`false`).
    public func bool(_ key: String) throws(SimError) -> Bool? {
        guard let s = try string(key) else { return nil }
        switch s {
        case "true": return true
        case "false": return false
        default: throw SimError.invalidRequest("Invalid boolean: \(s)", param: name(key), code: "parameter_invalid_boolean")
        }
    }

    /// A nested hash, checked against `allowed` when given.
    public func hash(_ key: String, allowed: Set<String>? = nil) throws(SimError) -> Params? {
        guard let value = values[key] else { return nil }
        let members: [String: FormValue]
        switch value {
        case .dict(let d): members = d
        case .string(""): members = [:]
        default: throw SimError.invalidRequest("Invalid hash", param: name(key), code: "parameter_invalid_hash")
        }
        let nested = Params(members, prefix: name(key))
        if let allowed { try nested.requireOnly(allowed) }
        return nested
    }

    /// An array of strings (`a[0]=x&a[1]=y` or `a[]=x`).
    public func stringArray(_ key: String) throws(SimError) -> [String]? {
        guard let value = values[key] else { return nil }
        switch value {
        case .array(let items):
            var result: [String] = []
            for (index, item) in items.enumerated() {
                guard let s = item.stringValue else {
                    throw SimError.invalidRequest("Invalid array", param: "\(name(key))[\(index)]", code: "parameter_invalid_array")
                }
                result.append(s)
            }
            return result
        case .string(""): return []
        default: throw SimError.invalidRequest("Invalid array", param: name(key), code: "parameter_invalid_array")
        }
    }

    /// An array of hashes (e.g. `line_items`).
    public func hashArray(_ key: String) throws(SimError) -> [Params]? {
        guard let value = values[key] else { return nil }
        guard case .array(let items) = value else {
            throw SimError.invalidRequest("Invalid array", param: name(key), code: "parameter_invalid_array")
        }
        var result: [Params] = []
        for (index, item) in items.enumerated() {
            guard case .dict(let d) = item else {
                throw SimError.invalidRequest("Invalid hash", param: "\(name(key))[\(index)]", code: "parameter_invalid_hash")
            }
            result.append(Params(d, prefix: "\(name(key))[\(index)]"))
        }
        return result
    }

    /// `metadata`: a hash of strings, returned as a JSON object (empty when absent), within
    /// Stripe's limits (docs.stripe.com/api/metadata): at most 50 keys, keys of at most 40
    /// characters, values of at most 500, each refused with Stripe's wording and
    /// `param=metadata` ("Metadata can have up to 50 keys, but you've set 51. …", "Invalid key:
    /// … must be a string under 40 characters", "Invalid val: … must be a string under 500
    /// characters"). A key with `[` or `]` cannot be sent in a form body at all.
    public func metadata(_ key: String = "metadata") throws(SimError) -> JSONValue? {
        do {
            return try checkedMetadata(key)
        } catch {
            var refusal = error
            refusal.validation = true
            throw refusal
        }
    }

    /// The body of ``metadata(_:)``.
    private func checkedMetadata(_ key: String) throws(SimError) -> JSONValue? {
        guard let nested = try hash(key) else { return nil }
        if nested.values.count > Self.metadataKeys {
            throw SimError.invalidRequest(
                "Metadata can have up to \(Self.metadataKeys) keys, but you've set \(nested.values.count). Email us at support+metadata@stripe.com for more information.",
                param: name(key))
        }
        var result: [String: JSONValue] = [:]
        for (k, v) in nested.values.sorted(by: { $0.key < $1.key }) {
            guard let s = v.stringValue else {
                throw SimError.invalidRequest("Invalid metadata value", param: nested.name(k))
            }
            if k.unicodeScalars.count > Self.metadataKeyLength {
                throw SimError.invalidRequest(
                    "Invalid key: \(Self.abbreviated(k)) must be a string under \(Self.metadataKeyLength) characters", param: name(key))
            }
            if s.unicodeScalars.count > Self.metadataValueLength {
                throw SimError.invalidRequest(
                    "Invalid val: \(Self.abbreviated(s)) must be a string under \(Self.metadataValueLength) characters", param: name(key))
            }
            if !s.isEmpty { result[k] = .string(s) }
        }
        return .object(result)
    }

    /// Stripe's metadata limits: keys per object, key length, value length.
    static let metadataKeys = 50
    static let metadataKeyLength = 40
    static let metadataValueLength = 500

    /// The parameter as JSON (strings stay strings), for echoing hashes like `address`.
    public func json(_ key: String) -> JSONValue? { values[key]?.json }
}
