/// Where and how an order is shipped: Stripe's `shipping` hash on a PaymentIntent
/// (https://docs.stripe.com/api/payment_intents/create#create_payment_intent-shipping):
/// `name` and `address[line1]` are required, the rest optional. Stored with the order and
/// carried by `payments.order.paid`.
public struct Shipping: Codable, Sendable, Equatable, FieldDocumented {
    /// Recipient name (`shipping[name]`).
    public var name: String
    /// The shipping address (`shipping[address]`).
    public var address: ShippingAddress
    /// Recipient phone number, including extension (`shipping[phone]`).
    public var phone: String?
    /// The delivery service, e.g. Fedex, UPS, USPS (`shipping[carrier]`).
    public var carrier: String?
    /// The carrier's tracking number; several may be separated by commas (`shipping[tracking_number]`).
    public var trackingNumber: String?

    /// Creates the value; optional fields default to absent.
    public init(
        name: String, address: ShippingAddress, phone: String? = nil, carrier: String? = nil,
        trackingNumber: String? = nil
    ) {
        self.name = name
        self.address = address
        self.phone = phone
        self.carrier = carrier
        self.trackingNumber = trackingNumber
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "name": "Recipient name (`shipping[name]`).",
        "address": "The shipping address (`shipping[address]`); `line1` is required.",
        "phone": "Recipient phone number, including extension (`shipping[phone]`).",
        "carrier": "The delivery service, e.g. Fedex, UPS, USPS (`shipping[carrier]`).",
        "tracking_number": "The carrier's tracking number; several may be separated by commas (`shipping[tracking_number]`).",
    ]

    /// Checks the field rules: a name and an address line 1 that are not blank, a
    /// two-letter country when given.
    /// - Parameter field: the wire path of this value (e.g. `shipping`).
    /// - Throws: `validation.missing_field` naming `shipping.name` or `shipping.address.line1`;
    ///   `validation.invalid_value` for the country.
    public func validate(field: String = "shipping") throws(ReplyError) {
        try Validation.nonEmpty(name, field: "\(field).name")
        try Validation.nonEmpty(address.line1, field: "\(field).address.line1")
        if let country = address.country { try Validation.country(country, field: "\(field).address.country") }
    }
}

extension Shipping: SchemaConstrained {
    /// The field rules of ``validate(field:)`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] { ["name": .nonEmpty] }
}

/// A postal address in Stripe's shape (`address[line1]`, `line2`, `city`, `state`,
/// `postal_code`, `country`).
public struct ShippingAddress: Codable, Sendable, Equatable, FieldDocumented {
    /// Address line 1 (street, PO box or company name); required.
    public var line1: String
    /// Address line 2 (apartment, suite, unit or building).
    public var line2: String?
    /// City, district, suburb, town or village.
    public var city: String?
    /// State, county, province or region.
    public var state: String?
    /// ZIP or postal code.
    public var postalCode: String?
    /// Two-letter ISO 3166-1 alpha-2 country code, uppercase (`US`).
    public var country: String?

    /// Creates the value; optional fields default to absent.
    public init(
        line1: String, line2: String? = nil, city: String? = nil, state: String? = nil,
        postalCode: String? = nil, country: String? = nil
    ) {
        self.line1 = line1
        self.line2 = line2
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "line1": "Address line 1 (street, PO box or company name); required.",
        "line2": "Address line 2 (apartment, suite, unit or building).",
        "city": "City, district, suburb, town or village.",
        "state": "State, county, province or region.",
        "postal_code": "ZIP or postal code.",
        "country": "Two-letter ISO 3166-1 alpha-2 country code, uppercase (`US`).",
    ]
}

extension ShippingAddress: SchemaConstrained {
    /// The field rules of ``Shipping/validate(field:)`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] { ["line1": .nonEmpty, "country": .country] }
}
