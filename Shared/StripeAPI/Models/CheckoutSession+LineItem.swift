extension CheckoutSession {
    /// One line item of a Checkout Session (`object: "item"`).
    /// See https://docs.stripe.com/api/checkout/sessions/line_items.
    public struct LineItem: Codable, Sendable, Equatable, StripeIdentifiable {
        /// The line item id, `li_…`.
        public var id: String
        /// Always `item`.
        public var object: String?
        /// The product name or description.
        public var description: String?
        /// Quantity.
        public var quantity: Int?
        /// Three-letter currency code.
        public var currency: String?
        /// Total before discounts and taxes in the currency's smallest unit (e.g. cents).
        public var amountSubtotal: Int?
        /// Total in the currency's smallest unit (e.g. cents).
        public var amountTotal: Int?
        /// Discounts in the currency's smallest unit (e.g. cents).
        public var amountDiscount: Int?
        /// Taxes in the currency's smallest unit (e.g. cents).
        public var amountTax: Int?
        /// The price used.
        public var price: Price?

        /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
        public init(
            id: String, object: String? = nil, description: String? = nil, quantity: Int? = nil,
            currency: String? = nil, amountSubtotal: Int? = nil, amountTotal: Int? = nil,
            amountDiscount: Int? = nil, amountTax: Int? = nil, price: Price? = nil
        ) {
            self.id = id
            self.object = object
            self.description = description
            self.quantity = quantity
            self.currency = currency
            self.amountSubtotal = amountSubtotal
            self.amountTotal = amountTotal
            self.amountDiscount = amountDiscount
            self.amountTax = amountTax
            self.price = price
        }

        enum CodingKeys: String, CodingKey {
            case id
            case object
            case description
            case quantity
            case currency
            case amountSubtotal = "amount_subtotal"
            case amountTotal = "amount_total"
            case amountDiscount = "amount_discount"
            case amountTax = "amount_tax"
            case price
        }
    }
}
