/// A postal address as Stripe takes it (`address[line1|line2|city|state|postal_code|country]`).
public struct Address: Codable, Sendable, Equatable, FieldDocumented {
    /// Street, PO box or company name.
    public var line1: String?
    /// Apartment, suite, unit or building.
    public var line2: String?
    /// City, district, suburb, town or village.
    public var city: String?
    /// State, county, province or region.
    public var state: String?
    /// ZIP or postal code.
    public var postalCode: String?
    /// Two-letter ISO 3166-1 country code, uppercase.
    public var country: String?

    /// Creates the value; absent parts are not sent.
    public init(
        line1: String? = nil, line2: String? = nil, city: String? = nil, state: String? = nil,
        postalCode: String? = nil, country: String? = nil
    ) {
        self.line1 = line1; self.line2 = line2; self.city = city; self.state = state
        self.postalCode = postalCode; self.country = country
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "line1": "Street, PO box or company name.",
        "line2": "Apartment, suite, unit or building.",
        "city": "City, district, suburb, town or village.",
        "state": "State, county, province or region.",
        "postal_code": "ZIP or postal code.",
        "country": "Two-letter ISO 3166-1 country code, uppercase.",
    ]

    /// Checks the country code.
    /// - Throws: `validation.invalid_value` naming `<field>.country`.
    public func validate(field: String) throws(ReplyError) {
        if let country { try Validation.country(country, field: "\(field).country") }
    }
}

extension Address: SchemaConstrained {
    /// The field rules of ``validate(field:)`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] { ["country": .country] }
}
