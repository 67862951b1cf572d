extension FormParams {
    /// One value of a Stripe form parameter, before it is flattened into `key=value` pairs.
    ///
    /// Encoding follows the official Stripe libraries: strings as they are, integers in
    /// decimal (amounts are in the currency's smallest unit), booleans as `true`/`false`,
    /// arrays with indexed brackets (`expand[0]`), objects with bracket paths
    /// (`metadata[order_id]`). An empty string — and an empty array — is sent as `key=`,
    /// which Stripe reads as "unset this field" (``unset``). An empty object, at any depth,
    /// is not sent at all: the client never sends an empty value for an object parameter
    /// (Stripe refuses `controller=` with `parameter_invalid_empty`); to clear an object
    /// such as `metadata`, send ``unset`` explicitly. Thread-safe: a value type.
    public indirect enum Value: Sendable, Equatable {
        /// A string, sent percent-encoded.
        case string(String)
        /// An integer, sent in decimal (amounts: smallest currency unit, e.g. cents).
        case int(Int)
        /// A boolean, sent as `true` or `false`.
        case bool(Bool)
        /// An array, sent as `key[0]=…&key[1]=…`.
        case array([Value])
        /// A nested object, sent as `key[sub]=…` in the object's key order; omitted when empty.
        case object(FormParams)

        /// The value that clears a field on Stripe's side (`key=`).
        public static let unset = Value.string("")
    }
}

extension FormParams.Value: ExpressibleByStringLiteral {
    /// A string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension FormParams.Value: ExpressibleByIntegerLiteral {
    /// An integer value from a literal.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension FormParams.Value: ExpressibleByBooleanLiteral {
    /// A boolean value from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension FormParams.Value: ExpressibleByArrayLiteral {
    /// An array value from a literal; element order is kept.
    public init(arrayLiteral elements: FormParams.Value...) { self = .array(elements) }
}

extension FormParams.Value: ExpressibleByDictionaryLiteral {
    /// An object value from a literal; key order is the literal's order.
    public init(dictionaryLiteral elements: (String, FormParams.Value)...) {
        var params = FormParams()
        for (key, value) in elements { params[key] = value }
        self = .object(params)
    }
}

extension FormParams.Value {
    /// An array of strings (e.g. `payment_method_types`, `expand`).
    public static func strings(_ values: [String]) -> FormParams.Value { .array(values.map { .string($0) }) }

    /// A string-to-string map with keys sorted so the encoding is stable (e.g. `metadata`).
    /// An empty value unsets that key on Stripe's side; an empty map is not sent.
    public static func map(_ values: [String: String]) -> FormParams.Value {
        var params = FormParams()
        for key in values.keys.sorted() { params[key] = .string(values[key] ?? "") }
        return .object(params)
    }
}
