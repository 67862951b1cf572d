/// `payments.list_payment_methods`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct ListPaymentMethods: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.list_payment_methods"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "The payment methods saved for a buyer on a connected account (what a manage-cards screen shows), as Stripe lists them for the buyer's Customer (`GET /v1/customers/{id}/payment_methods`), with the Customer's default (`invoice_settings.default_payment_method`, `GET /v1/customers/{id}`; the reply's `default_payment_method` and `is_default`). A buyer without a Customer yet has none. Writes and publishes nothing."

    /// The seller's connected account.
    public var account: String
    /// The platform's own id of the buyer.
    public var customerReference: String
    /// Only methods of this type (e.g. card).
    public var type: String?

    /// Creates the command; optional fields default to absent.
    public init(account: String, customerReference: String, type: String? = nil) {
        self.account = account
        self.customerReference = customerReference
        self.type = type
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account.",
        "customer_reference": "The platform's own id of the buyer.",
        "type": "Only methods of this type (e.g. card).",
    ]

    /// The buyer's saved methods, newest first.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account.
        public var account: String
        /// The platform's id of the buyer.
        public var customerReference: String
        /// The buyer's Customer (`cus_…`), absent when there is none yet.
        public var customer: String?
        /// The saved methods, newest first (at most 100).
        public var paymentMethods: [SavedPaymentMethod]
        /// The Customer's default PaymentMethod (`pm_…`), absent when it has none.
        public var defaultPaymentMethod: String?

        /// Creates the result; optional fields default to absent.
        public init(
            account: String, customerReference: String, customer: String? = nil, paymentMethods: [SavedPaymentMethod],
            defaultPaymentMethod: String? = nil
        ) {
            self.account = account
            self.customerReference = customerReference
            self.customer = customer
            self.paymentMethods = paymentMethods
            self.defaultPaymentMethod = defaultPaymentMethod
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account.",
            "customer_reference": "The platform's id of the buyer.",
            "customer": "The buyer's Customer (`cus_…`), absent when there is none yet.",
            "payment_methods": "The saved methods, newest first (at most 100).",
            "default_payment_method":
                "The Customer's default PaymentMethod (`pm_…`, `invoice_settings.default_payment_method`), absent when it has none.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.nonEmpty(customerReference, field: "customer_reference")
        if let type, type.isEmpty || !type.unicodeScalars.allSatisfy({ ($0 >= "a" && $0 <= "z") || $0 == "_" || ($0 >= "0" && $0 <= "9") }) {
            throw .invalid("type", "must be a Stripe payment method type such as card or sepa_debit")
        }
    }
}

extension ListPaymentMethods: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["account": .account, "customer_reference": .nonEmpty, "type": SchemaRule(["pattern": .string("^[a-z0-9_]+$")])]
    }
}
