/// A postal address as Stripe sends it (all fields optional).
public struct Address: Codable, Sendable, Equatable {
    /// City, district, suburb, town or village.
    public var city: String?
    /// Two-letter ISO country code.
    public var country: String?
    /// Address line 1 (street, PO box or company name).
    public var line1: String?
    /// Address line 2 (apartment, suite, unit or building).
    public var line2: String?
    /// ZIP or postal code.
    public var postalCode: String?
    /// State, county, province or region.
    public var state: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        city: String? = nil, country: String? = nil, line1: String? = nil, line2: String? = nil,
        postalCode: String? = nil, state: String? = nil
    ) {
        self.city = city
        self.country = country
        self.line1 = line1
        self.line2 = line2
        self.postalCode = postalCode
        self.state = state
    }

    enum CodingKeys: String, CodingKey {
        case city
        case country
        case line1
        case line2
        case postalCode = "postal_code"
        case state
    }
}
