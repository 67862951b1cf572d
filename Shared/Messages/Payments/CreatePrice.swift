/// `payments.create_price`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreatePrice: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.create_price"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "Create a one-time Price for a product on the connected account, for catalogue set-up."

    /// The seller's connected account; the charge is a direct charge on it.
    public var account: String
    /// The product (`prod_…`) on the connected account.
    public var product: String
    /// Price of one unit.
    public var unitAmount: Int
    /// Currency of the unit amount.
    public var currency: String
    /// Internal name of the price.
    public var nickname: String?
    /// A key to find the price by later.
    public var lookupKey: String?

    /// Creates the command; optional fields default to absent.
    public init(account: String, product: String, unitAmount: Int, currency: String, nickname: String? = nil, lookupKey: String? = nil) {
        self.account = account
        self.product = product
        self.unitAmount = unitAmount
        self.currency = currency
        self.nickname = nickname
        self.lookupKey = lookupKey
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the charge is a direct charge on it.",
        "product": "The product (`prod_…`) on the connected account.",
        "unit_amount": "Price of one unit.",
        "currency": "Currency of the unit amount.",
        "nickname": "Internal name of the price.",
        "lookup_key": "A key to find the price by later.",
    ]

    /// The new price.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account; the charge is a direct charge on it.
        public var account: String
        /// The price id (`price_…`).
        public var price: String
        /// The product it belongs to.
        public var product: String
        /// Price of one unit.
        public var unitAmount: Int
        /// Currency.
        public var currency: String

        /// Creates the result; optional fields default to absent.
        public init(account: String, price: String, product: String, unitAmount: Int, currency: String) {
            self.account = account
            self.price = price
            self.product = product
            self.unitAmount = unitAmount
            self.currency = currency
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account; the charge is a direct charge on it.",
            "price": "The price id (`price_…`).",
            "product": "The product it belongs to.",
            "unit_amount": "Price of one unit.",
            "currency": "Currency.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.id(product, prefix: "prod_", field: "product")
        try Validation.positiveAmount(unitAmount, field: "unit_amount")
        try Validation.currency(currency)
    }
}

extension CreatePrice: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account,
            "product": .stripeId("prod_"),
            "unit_amount": .positiveAmount,
            "currency": .currency,
        ]
    }
}
