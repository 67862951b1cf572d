/// Parameters of `POST /v1/prices` (https://docs.stripe.com/api/prices/create).
public struct PriceCreateParams: StripeParams, Equatable {
    /// Three-letter currency code.
    public var currency: String
    /// The unit price in the currency's smallest unit (e.g. 2000 = 20.00 USD).
    public var unitAmount: Int?
    /// The product id, `prod_…` (or use `productName` to create one inline).
    public var product: String?
    /// `product_data[name]`: creates the product inline.
    public var productName: String?
    /// `recurring[interval]`: `day`, `week`, `month` or `year`; `nil` for one-time prices.
    public var recurringInterval: String?
    /// `recurring[interval_count]`.
    public var recurringIntervalCount: Int?
    /// An internal name.
    public var nickname: String?
    /// Your lookup key.
    public var lookupKey: String?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Price parameters.
    public init(
        currency: String, unitAmount: Int? = nil, product: String? = nil, productName: String? = nil,
        recurringInterval: String? = nil, recurringIntervalCount: Int? = nil, nickname: String? = nil,
        lookupKey: String? = nil, metadata: [String: String]? = nil, extra: FormParams = FormParams()
    ) {
        self.currency = currency; self.unitAmount = unitAmount; self.product = product; self.productName = productName
        self.recurringInterval = recurringInterval; self.recurringIntervalCount = recurringIntervalCount
        self.nickname = nickname; self.lookupKey = lookupKey; self.metadata = metadata; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("currency", currency)
        p.set("unit_amount", unitAmount)
        p.set("product", product)
        if let productName { p["product_data"] = ["name": .string(productName)] }
        if let recurringInterval {
            var recurring: FormParams = ["interval": .string(recurringInterval)]
            recurring.set("interval_count", recurringIntervalCount)
            p["recurring"] = .object(recurring)
        }
        p.set("nickname", nickname)
        p.set("lookup_key", lookupKey)
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}
