/// A price of a product (`object: "price"`). See https://docs.stripe.com/api/prices/object.
public struct Price: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The price id, `price_…`.
    public var id: String
    /// Always `price`.
    public var object: String?
    /// Whether it can be used for new purchases.
    public var active: Bool?
    /// Three-letter currency code, lower case.
    public var currency: String?
    /// The unit price in the currency's smallest unit (e.g. cents).
    public var unitAmount: Int?
    /// The unit price as a decimal string, in the smallest unit.
    public var unitAmountDecimal: String?
    /// The product, as id or expanded.
    public var product: Expandable<Product>?
    /// `one_time` or `recurring`.
    public var type: PriceType?
    /// The schedule of a recurring price.
    public var recurring: PriceRecurring?
    /// An internal name.
    public var nickname: String?
    /// Your lookup key.
    public var lookupKey: String?
    /// `false` in test mode.
    public var livemode: Bool?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, active: Bool? = nil, currency: String? = nil,
        unitAmount: Int? = nil, unitAmountDecimal: String? = nil, product: Expandable<Product>? = nil,
        type: PriceType? = nil, recurring: PriceRecurring? = nil, nickname: String? = nil,
        lookupKey: String? = nil, livemode: Bool? = nil, metadata: [String: String]? = nil,
        created: Int? = nil
    ) {
        self.id = id
        self.object = object
        self.active = active
        self.currency = currency
        self.unitAmount = unitAmount
        self.unitAmountDecimal = unitAmountDecimal
        self.product = product
        self.type = type
        self.recurring = recurring
        self.nickname = nickname
        self.lookupKey = lookupKey
        self.livemode = livemode
        self.metadata = metadata
        self.created = created
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case active
        case currency
        case unitAmount = "unit_amount"
        case unitAmountDecimal = "unit_amount_decimal"
        case product
        case type
        case recurring
        case nickname
        case lookupKey = "lookup_key"
        case livemode
        case metadata
        case created
    }
}

/// The billing schedule of a recurring price.
public struct PriceRecurring: Codable, Sendable, Equatable {
    /// `day`, `week`, `month` or `year`.
    public var interval: String?
    /// The number of intervals between charges.
    public var intervalCount: Int?
    /// `licensed` or `metered`.
    public var usageType: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(interval: String? = nil, intervalCount: Int? = nil, usageType: String? = nil) {
        self.interval = interval
        self.intervalCount = intervalCount
        self.usageType = usageType
    }

    enum CodingKeys: String, CodingKey {
        case interval
        case intervalCount = "interval_count"
        case usageType = "usage_type"
    }
}
