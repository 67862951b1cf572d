/// Some JSON Schema (draft 2020-12) keywords that state one rule of ``Validation`` or of a
/// command's `validate()`, e.g. `{"pattern": "^acct_"}` for a connected account id.
///
/// Patterns are written to mean the same in ECMA-262 and in Python's `re` (what common
/// validators use): they are anchored at the start only and never rely on `$`, which Python
/// also matches before a final newline; lengths bound the end instead. Immutable; thread-safe.
public struct SchemaRule: Sendable, Equatable {
    /// The keywords, merged into the schema they apply to.
    public var keywords: [String: JSONValue]
    /// The ``SchemaLimit``s among them, which the services also check on every command body
    /// before decoding it (``CommandLimits``): stated once, so schema and service agree.
    public var limits: [SchemaLimit] = []

    /// A rule from raw keywords (checked by the command's `validate()`, not by the limits walk).
    public init(_ keywords: [String: JSONValue]) { self.keywords = keywords }

    /// The rule that states `limit`: its keywords, checked on the body by ``CommandLimits``.
    public init(limit: SchemaLimit) {
        self.keywords = limit.keywords
        self.limits = [limit]
    }

    /// Both rules; where both set a keyword, they are kept apart in an `allOf`.
    public func and(_ other: SchemaRule) -> SchemaRule {
        var merged = keywords
        var clashes: [JSONValue] = []
        for (key, value) in other.keywords {
            if merged[key] == nil { merged[key] = value } else { clashes.append(.object([key: value])) }
        }
        if !clashes.isEmpty {
            let earlier = merged["allOf"]?.arrayValue ?? []
            merged["allOf"] = .array(earlier + clashes)
        }
        var rule = SchemaRule(merged)
        rule.limits = limits + other.limits
        return rule
    }
}

extension SchemaRule {
    /// ``Validation/nonEmpty(_:field:)-(String,_)``: at least one character other than a
    /// space, tab or newline.
    public static let nonEmpty = SchemaRule(["pattern": .string("[^ \\t\\n]")])

    /// ``Validation/positiveAmount(_:field:)``: an integer ≥ 1 (smallest currency unit).
    public static let positiveAmount = SchemaRule(["minimum": .int(1)])

    /// An integer ≥ 0 (an application fee; a number of seconds).
    public static let nonNegative = SchemaRule(["minimum": .int(0)])

    /// ``Validation/currency(_:field:)``: one of the lowercase ISO 4217 codes ``Currency`` knows.
    public static let currency = SchemaRule(["enum": .array(Currency.iso4217.sorted().map(JSONValue.string))])

    /// ``Validation/country(_:field:)``: two uppercase letters A–Z.
    public static let country = SchemaRule([
        "pattern": .string("^[A-Z][A-Z]"), "minLength": .int(2),
        "maxLength": .int(2),
    ])

    /// ``Validation/email(_:field:)``: one `@` with text before it, a dot after it, no space.
    public static let email = SchemaRule(["pattern": .string("^[^@ ]+@[^@ ]*\\.[^@ ]*$")])

    /// ``Validation/id(_:prefix:field:)``: a Stripe id, the prefix and at least one more character.
    public static func stripeId(_ prefix: String) -> SchemaRule {
        SchemaRule(["pattern": .string("^" + prefix + "[\\s\\S]")])
    }

    /// A list of 1…`maximum` distinct Stripe ids with `prefix` (each as ``stripeId(_:)``).
    public static func stripeIds(_ prefix: String, maximum: Int) -> SchemaRule {
        SchemaRule([
            "minItems": .int(1), "maxItems": .int(maximum), "uniqueItems": .bool(true),
            "items": .object(["pattern": .string("^" + prefix + "[\\s\\S]")]),
        ])
    }

    /// ``Validation/account(_:field:)``: `acct_…`.
    public static let account = stripeId("acct_")

    /// ``Validation/url(_:field:allowHTTP:)``: absolute, with a host, no space; `https`, or
    /// `http` when `allowHTTP` or for `localhost` / `127.0.0.1` (scheme and host in any case).
    public static func url(allowHTTP: Bool = false) -> SchemaRule {
        let https = "[Hh][Tt][Tt][Pp][Ss]://[^/?# ][^ ]*"
        if allowHTTP { return SchemaRule(["pattern": .string("^(?:[Hh][Tt][Tt][Pp][Ss]?://[^/?# ][^ ]*)$")]) }
        let local = "[Hh][Tt][Tt][Pp]://(?:[Ll][Oo][Cc][Aa][Ll][Hh][Oo][Ss][Tt]|127\\.0\\.0\\.1)(?::[^/?# ]*)?(?:[/?#][^ ]*)?"
        return SchemaRule(["pattern": .string("^(?:\(https)|\(local))$")])
    }

    /// ``Validation/paymentMethodTypes(_:field:)``: at least one, no repeats, each a lowercase
    /// Stripe identifier (`card`, `sepa_debit`).
    public static let paymentMethodTypes = SchemaRule([
        "minItems": .int(1), "uniqueItems": .bool(true),
        "items": .object(["minLength": .int(1), "not": .object(["pattern": .string("[^a-z0-9_]")])]),
    ])

    /// ``Validation/capabilityNames(_:field:)``: at least one, no repeats, each a lowercase
    /// Stripe identifier.
    public static let capabilityNames = paymentMethodTypes

    /// At most `count` characters (``SchemaLimit/maxLength(_:)``: `validation.too_long`).
    public static func maxLength(_ count: Int) -> SchemaRule { SchemaRule(limit: .maxLength(count)) }

    /// At most `count` elements (``SchemaLimit/maxItems(_:)``: `validation.too_many_items`).
    public static func maxItems(_ count: Int) -> SchemaRule { SchemaRule(limit: .maxItems(count)) }

    /// On a charge command: `amount` at least Stripe's minimum charge in `currency`
    /// (``SchemaLimit/minimumCharge(amount:currency:)``: `validation.amount_too_small`).
    public static let minimumCharge = SchemaRule(limit: .minimumCharge(amount: "amount", currency: "currency"))

    /// At least `count` elements (``Validation/nonEmpty(_:field:)-([T],_)`` for 1).
    public static func minItems(_ count: Int) -> SchemaRule { SchemaRule(["minItems": .int(count)]) }

    /// One of the listed strings.
    public static func allowed(_ values: [String]) -> SchemaRule {
        SchemaRule(["enum": .array(values.map(JSONValue.string))])
    }

    /// Exactly one of the fields is present.
    public static func exactlyOne(of fields: [String]) -> SchemaRule {
        SchemaRule(["oneOf": .array(fields.map { .object(["required": .array([.string($0)])]) })])
    }

    /// When `field` is present, each of `others` must be too.
    public static func dependentRequired(_ field: String, _ others: [String]) -> SchemaRule {
        SchemaRule(["dependentRequired": .object([field: .array(others.map(JSONValue.string))])])
    }

    /// `if` the object matches `condition`, `then` it must match `then`, `else` `otherwise`.
    public static func when(_ condition: JSONValue, then: JSONValue, otherwise: JSONValue? = nil) -> SchemaRule {
        var keywords: [String: JSONValue] = ["if": condition, "then": then]
        if let otherwise { keywords["else"] = otherwise }
        return SchemaRule(keywords)
    }

    /// An object schema fragment that requires `fields` and forbids `absent`, with extra
    /// per-field keywords.
    public static func shape(
        required: [String] = [], absent: [String] = [],
        properties: [String: JSONValue] = [:]
    ) -> JSONValue {
        var out: [String: JSONValue] = [:]
        if !required.isEmpty { out["required"] = .array(required.map(JSONValue.string)) }
        var props = properties
        for field in absent { props[field] = .bool(false) }
        if !props.isEmpty { out["properties"] = .object(props) }
        return .object(out)
    }
}
