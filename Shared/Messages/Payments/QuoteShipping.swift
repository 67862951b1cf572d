/// `payments.quote_shipping`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct QuoteShipping: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.quote_shipping"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Check a buyer's shipping address against the platform's shipping rules (`SHIPPING_RULES`) and answer the shipping methods it can take, with their amounts: what the legacy app flow's `STPPaymentContext` asks in `paymentContext(_:didUpdateShippingAddress:completion:)` when the address changes (answer `status`, `reason` and the methods as `PKShippingMethod`s: `id` → identifier, `label`, `detail`, `amount`). An address the rules do not serve is a normal answer (`status` `invalid` with the reason), not an error. The chosen method's `id` goes to `payments.confirm_payment` as `shipping_method`, which quotes again and charges its amount. Reads only the service's configuration; writes and publishes nothing."

    /// The seller's connected account the order is for.
    public var account: String
    /// Currency of the order; methods are quoted in it.
    public var currency: String
    /// The cart's amount before shipping, in the smallest currency unit (for free-shipping thresholds).
    public var subtotal: Int
    /// The buyer's shipping address; `line1` and `country` are required.
    public var address: ShippingAddress

    /// Creates the command.
    public init(account: String, currency: String, subtotal: Int, address: ShippingAddress) {
        self.account = account
        self.currency = currency
        self.subtotal = subtotal
        self.address = address
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account the order is for.",
        "currency": "Currency of the order; methods are quoted in it.",
        "subtotal": "The cart's amount before shipping, in the smallest currency unit (for free-shipping thresholds).",
        "address": "The buyer's shipping address; `line1` and `country` are required.",
    ]

    /// Whether the address can be shipped to.
    public enum Status: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
        /// The address is served; `methods` lists what it can take.
        case valid
        /// The address is not served; `reason` says why and `methods` is empty.
        case invalid
    }

    /// One shipping method offered for the address (`PKShippingMethod`'s fields).
    public struct Method: Codable, Sendable, Equatable, FieldDocumented {
        /// The method's id in the rules (`PKShippingMethod.identifier`), sent back as `shipping_method`.
        public var id: String
        /// Its name (`PKShippingMethod.label`).
        public var label: String
        /// A line under it, e.g. the delivery time (`PKShippingMethod.detail`).
        public var detail: String?
        /// What it costs for this cart, in the smallest currency unit (0 when free).
        public var amount: Int
        /// Currency of the amount.
        public var currency: String

        /// Creates the value.
        public init(id: String, label: String, detail: String? = nil, amount: Int, currency: String) {
            self.id = id
            self.label = label
            self.detail = detail
            self.amount = amount
            self.currency = currency
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "id": "The method's id in the rules (`PKShippingMethod.identifier`), sent back as `shipping_method`.",
            "label": "Its name (`PKShippingMethod.label`).",
            "detail": "A line under it, e.g. the delivery time (`PKShippingMethod.detail`).",
            "amount": "What it costs for this cart, in the smallest currency unit (0 when free).",
            "currency": "Currency of the amount.",
        ]
    }

    /// The answer for the address.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// `valid` or `invalid`.
        public var status: Status
        /// Why the address is not served (`country_not_served`, `postal_code_invalid`,
        /// `po_box_not_served`, `currency_not_served`, `shipping_not_offered`); absent when valid.
        public var reasonCode: String?
        /// The reason in words the app can show the buyer; absent when valid.
        public var reason: String?
        /// The methods the address can take, cheapest first; empty when invalid.
        public var methods: [Method]

        /// Creates the result.
        public init(status: Status, reasonCode: String? = nil, reason: String? = nil, methods: [Method]) {
            self.status = status
            self.reasonCode = reasonCode
            self.reason = reason
            self.methods = methods
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "status": "`valid` or `invalid`.",
            "reason_code":
                "Why the address is not served (`country_not_served`, `postal_code_invalid`, `po_box_not_served`, `currency_not_served`, `shipping_not_offered`); absent when valid.",
            "reason": "The reason in words the app can show the buyer; absent when valid.",
            "methods": "The methods the address can take, cheapest first; empty when invalid.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.currency(currency)
        guard subtotal >= 0 else {
            throw .invalid(
                "subtotal", "must be zero or a positive integer in the currency's smallest unit, got \(subtotal)",
                code: ReplyError.Code.invalidAmount)
        }
        try Validation.nonEmpty(address.line1, field: "address.line1")
        guard let country = address.country else { throw .missingField("address.country") }
        try Validation.country(country, field: "address.country")
    }
}

extension QuoteShipping: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account,
            "currency": .currency,
            "subtotal": .nonNegative,
            // line1 and country keep ShippingAddress's own rules; a quote also needs the country
            "address": SchemaRule(["required": .array([.string("country")])]),
        ]
    }
}
