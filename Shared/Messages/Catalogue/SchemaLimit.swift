/// One bound Stripe puts on a value, stated once and used twice: as the JSON Schema keywords
/// of the catalogue and as the check every service runs on a command's body before it is
/// decoded (``CommandLimits``), so the schema and the service agree by construction.
///
/// A limit is attached to a field through a ``SchemaRule`` (``SchemaRule/init(limit:)``, in a
/// type's ``SchemaConstrained/fieldRules`` or ``SchemaConstrained/objectRules``) or by the
/// field's wire name (``FieldConventions``: every `metadata`, amount and `…_reference`).
/// Lengths count Unicode scalars, as JSON Schema's `maxLength` does. Immutable; thread-safe.
public enum SchemaLimit: Sendable, Equatable {
    /// A string of at most this many characters (`validation.too_long`).
    case maxLength(Int)
    /// An integer amount of at most this value in the currency's smallest unit
    /// (`validation.amount_too_large`); a number too large for an integer counts as above it.
    case maximumAmount(Int)
    /// A list of at most this many elements (`validation.too_many_items`).
    case maxItems(Int)
    /// Stripe metadata: at most `keys` keys, each of at most ``StripeLimits/metadataKeyLength``
    /// characters without `[` or `]`, each value of at most ``StripeLimits/metadataValueLength``
    /// (`validation.invalid_metadata`).
    case metadata(keys: Int)
    /// On an object: the integer field `amount` is at least Stripe's minimum charge
    /// (``StripeLimits/minimumCharge``) of the currency in the string field `currency`
    /// (`validation.amount_too_small`). Amounts below 1 are left to the positive-amount rule.
    case minimumCharge(amount: String, currency: String)

    /// The JSON Schema (draft 2020-12) keywords that state the limit.
    public var keywords: [String: JSONValue] {
        switch self {
        case .maxLength(let count): return ["maxLength": .int(count)]
        case .maximumAmount(let value): return ["maximum": .int(value)]
        case .maxItems(let count): return ["maxItems": .int(count)]
        case .metadata(let keys):
            return [
                "maxProperties": .int(keys),
                "propertyNames": .object([
                    "maxLength": .int(StripeLimits.metadataKeyLength),
                    "allOf": .array([.object(["not": .object(["pattern": .string("[\\[\\]]")])])]),
                ]),
                "additionalProperties": .object(["maxLength": .int(StripeLimits.metadataValueLength)]),
            ]
        case .minimumCharge(let amount, let currency):
            let cases: [JSONValue] = StripeLimits.minimumCharge.keys.sorted().map { code in
                .object([
                    "if": .object([
                        "properties": .object([currency: .object(["const": .string(code)])]),
                        "required": .array([.string(currency)]),
                    ]),
                    "then": .object([
                        "properties": .object([amount: .object(["minimum": .int(StripeLimits.minimumCharge[code] ?? 0)])])
                    ]),
                ])
            }
            return ["allOf": .array(cases)]
        }
    }

    /// The error for `value` at the wire path `path` when it breaks the limit, or nil. Values
    /// of another JSON type pass (decoding names those).
    func violation(of value: JSONValue, at path: String) -> MessageDecodingError? {
        switch (self, value) {
        case (.maxLength(let limit), .string(let text)):
            let count = text.unicodeScalars.count
            guard count > limit else { return nil }
            return Self.error(
                path, "must be at most \(limit) characters (Stripe's limit), got \(count)", ReplyError.Code.tooLong)
        case (.maximumAmount(let limit), .int(let amount)) where amount > limit:
            return Self.amountTooLarge(path, limit: limit, got: String(amount))
        case (.maximumAmount(let limit), .double(let amount)) where amount > Double(limit):
            return Self.amountTooLarge(path, limit: limit, got: Self.wholeNumberText(amount))
        case (.maxItems(let limit), .array(let items)) where items.count > limit:
            return Self.error(
                path, "must have at most \(limit) elements (Stripe's limit), got \(items.count)", ReplyError.Code.tooManyItems)
        case (.metadata(let keys), .object(let members)):
            return Self.metadataViolation(members, keys: keys, path: path)
        case (.minimumCharge(let amountField, let currencyField), .object(let members)):
            guard case .string(let currency)? = members[currencyField], case .int(let amount)? = members[amountField],
                let minimum = StripeLimits.minimumCharge[currency], amount >= 1, amount < minimum
            else { return nil }
            let field = path.isEmpty ? amountField : "\(path).\(amountField)"
            return Self.error(
                field,
                "must be at least \(minimum) for \(currency), Stripe's minimum charge in that currency (docs.stripe.com/currencies), got \(amount)",
                ReplyError.Code.amountTooSmall)
        default:
            return nil
        }
    }

    private static func metadataViolation(_ members: [String: JSONValue], keys: Int, path: String) -> MessageDecodingError? {
        if members.count > keys {
            return error(
                path,
                "may have at most \(keys) keys (Stripe takes \(StripeLimits.metadataKeys); the suite adds up to \(StripeLimits.metadataKeysReserved)), got \(members.count)",
                ReplyError.Code.invalidMetadata)
        }
        for key in members.keys.sorted() {
            let length = key.unicodeScalars.count
            if length > StripeLimits.metadataKeyLength {
                return error(
                    "\(path).\(key)",
                    "metadata keys must be at most \(StripeLimits.metadataKeyLength) characters (Stripe's limit), got \(length)",
                    ReplyError.Code.invalidMetadata)
            }
            if key.contains(where: { StripeLimits.metadataKeyForbidden.contains($0) }) {
                return error(
                    "\(path).\(key)", "metadata keys cannot contain square brackets ([ and ]), as at Stripe",
                    ReplyError.Code.invalidMetadata)
            }
            if case .string(let text)? = members[key], text.unicodeScalars.count > StripeLimits.metadataValueLength {
                return error(
                    "\(path).\(key)",
                    "metadata values must be at most \(StripeLimits.metadataValueLength) characters (Stripe's limit), got \(text.unicodeScalars.count)",
                    ReplyError.Code.invalidMetadata)
            }
        }
        return nil
    }

    /// A JSON number too large for `Int` as it was sent when it is a whole number below
    /// 2^64 (`9223372036854775808`, not `9.223372036854776e+18`), so the refusal and the
    /// dead-letter fingerprint name the value the platform sent; otherwise Swift's own text.
    static func wholeNumberText(_ value: Double) -> String {
        guard value.rounded(.towardZero) == value, value >= 0, value < 18_446_744_073_709_551_616 else {
            return String(describing: value)
        }
        return String(UInt64(value))
    }

    private static func amountTooLarge(_ path: String, limit: Int, got: String) -> MessageDecodingError {
        error(
            path, "must be at most \(limit) in the currency's smallest unit (Stripe's maximum: 8 digits), got \(got)",
            ReplyError.Code.amountTooLarge)
    }

    static func error(_ path: String, _ reason: String, _ code: String) -> MessageDecodingError {
        MessageDecodingError(field: path, kind: .invalidValue, reason: reason, code: code)
    }
}
