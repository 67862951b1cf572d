/// An inline price for a Checkout line item (`line_items[][price_data]`): a product name, a unit
/// amount and a currency.
public struct PriceData: Codable, Sendable, Equatable, FieldDocumented {
    /// Product name shown to the buyer (`product_data[name]`).
    public var productName: String
    /// Price of one unit.
    public var unitAmount: Int
    /// Currency of the unit amount.
    public var currency: String

    /// Creates the value; optional fields default to absent.
    public init(productName: String, unitAmount: Int, currency: String) {
        self.productName = productName
        self.unitAmount = unitAmount
        self.currency = currency
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "product_name": "Product name shown to the buyer (`product_data[name]`).",
        "unit_amount": "Price of one unit.",
        "currency": "Currency of the unit amount.",
    ]
}

extension PriceData: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "product_name": SchemaRule.nonEmpty.and(.maxLength(StripeLimits.productNameLength)),
            "unit_amount": .positiveAmount,
            "currency": .currency,
        ]
    }
}
