/// A Terminal Location's address (Stripe API reference: Terminal Locations, `address`).
public struct TerminalAddress: Codable, Sendable, Equatable, FieldDocumented {
    /// Street address.
    public var line1: String
    /// Apartment, suite, unit.
    public var line2: String?
    /// City.
    public var city: String
    /// State, county, province or region.
    public var state: String?
    /// ZIP or postal code.
    public var postalCode: String
    /// Two-letter ISO 3166-1 country code, uppercase.
    public var country: String

    /// Creates the value; optional fields default to absent.
    public init(line1: String, line2: String? = nil, city: String, state: String? = nil, postalCode: String, country: String) {
        self.line1 = line1
        self.line2 = line2
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "line1": "Street address.",
        "line2": "Apartment, suite, unit.",
        "city": "City.",
        "state": "State, county, province or region.",
        "postal_code": "ZIP or postal code.",
        "country": "Two-letter ISO 3166-1 country code, uppercase.",
    ]
}

extension TerminalAddress: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "line1": .nonEmpty,
            "city": .nonEmpty,
            "postal_code": .nonEmpty,
            "country": .country,
        ]
    }
}
