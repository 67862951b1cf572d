/// `payments.set_default_payment_method`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct SetDefaultPaymentMethod: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.set_default_payment_method"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Makes one of a buyer's saved payment methods the default of their Customer on a connected account (`invoice_settings.default_payment_method`, `POST /v1/customers/{id}`): what `payments.list_payment_methods` marks `is_default` and `payments.charge_saved_payment_method` charges when no method is named. The method must be the buyer's (attached to their Customer, as Stripe requires): another customer's, another account's or a detached one is refused with `conflict.payment_method_not_saved`, an unknown buyer with `not_found.customer`, before Stripe is asked. Setting the same default again answers it again."

    /// The seller's connected account.
    public var account: String
    /// The platform's own id of the buyer.
    public var customerReference: String
    /// The saved PaymentMethod (`pm_…`) to make the default.
    public var paymentMethod: String

    /// Creates the command.
    public init(account: String, customerReference: String, paymentMethod: String) {
        self.account = account
        self.customerReference = customerReference
        self.paymentMethod = paymentMethod
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account.",
        "customer_reference": "The platform's own id of the buyer.",
        "payment_method": "The saved PaymentMethod (`pm_…`) to make the default.",
    ]

    /// The Customer's default.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account.
        public var account: String
        /// The platform's id of the buyer.
        public var customerReference: String
        /// The buyer's Customer (`cus_…`).
        public var customer: String
        /// The Customer's default PaymentMethod (`pm_…`) as Stripe answered it.
        public var defaultPaymentMethod: String

        /// Creates the result.
        public init(account: String, customerReference: String, customer: String, defaultPaymentMethod: String) {
            self.account = account
            self.customerReference = customerReference
            self.customer = customer
            self.defaultPaymentMethod = defaultPaymentMethod
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account.",
            "customer_reference": "The platform's id of the buyer.",
            "customer": "The buyer's Customer (`cus_…`).",
            "default_payment_method": "The Customer's default PaymentMethod (`pm_…`) as Stripe answered it.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.nonEmpty(customerReference, field: "customer_reference")
        try Validation.id(paymentMethod, prefix: "pm_", field: "payment_method")
    }
}

extension SetDefaultPaymentMethod: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["account": .account, "customer_reference": .nonEmpty, "payment_method": .stripeId("pm_")]
    }
}
