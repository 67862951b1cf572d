/// One line of a Checkout Session: an existing price (`price_…`) or inline price data, and a
/// quantity.
public struct CheckoutLineItem: Codable, Sendable, Equatable, FieldDocumented {
    /// An existing Price on the connected account (`price_…`); give this or `price_data`.
    public var price: String?
    /// An inline price; give this or `price`.
    public var priceData: PriceData?
    /// Number of units, at least 1.
    public var quantity: Int

    /// Creates the value; optional fields default to absent.
    public init(price: String? = nil, priceData: PriceData? = nil, quantity: Int) {
        self.price = price
        self.priceData = priceData
        self.quantity = quantity
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "price": "An existing Price on the connected account (`price_…`); give this or `price_data`.",
        "price_data": "An inline price; give this or `price`.",
        "quantity": "Number of units, at least 1.",
    ]

    /// Checks the line: exactly one of price / price data, a quantity ≥ 1, a valid inline price.
    /// - Throws: `validation.*` naming `field` (e.g. `line_items[0].price`).
    public func validate(field: String) throws(ReplyError) {
        switch (price, priceData) {
        case (nil, nil): throw .missingField("\(field).price")
        case (.some, .some): throw .invalid("\(field).price_data", "give either price or price_data, not both")
        case (.some(let price), nil): try Validation.id(price, prefix: "price_", field: "\(field).price")
        case (nil, .some(let data)):
            try Validation.nonEmpty(data.productName, field: "\(field).price_data.product_name")
            try Validation.positiveAmount(data.unitAmount, field: "\(field).price_data.unit_amount")
            try Validation.currency(data.currency, field: "\(field).price_data.currency")
        }
        guard quantity >= 1 else { throw .invalid("\(field).quantity", "must be at least 1") }
    }
}

extension CheckoutLineItem: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "price": .stripeId("price_"),
            "quantity": SchemaRule(["minimum": .int(1)]),
        ]
    }

    /// The cross-field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var objectRules: [SchemaRule] {
        [
            .exactlyOne(of: ["price", "price_data"])
        ]
    }
}
