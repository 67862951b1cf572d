/// `payments.register_buyer`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct RegisterBuyer: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.register_buyer"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "A guest who signs up becomes a buyer with a Customer on the connected account (one per customer reference, found or created), and the payment methods the guest agreed to save on their guest orders (a guest PaymentSheet with `setup_future_usage`) are attached to it (`POST /v1/payment_methods/{id}/attach`); a method paid without that consent is not (outcome `no_consent`). When the buyer had no saved method before, the newest attached one becomes the Customer's default (`invoice_settings.default_payment_method`). Idempotent: registering again answers `already_attached`. An unknown order is refused with `not_found.order`, another buyer's order (or one whose method another sign-up already took) with `conflict.customer_mismatch`, before anything is created."

    /// Most guest orders one registration takes.
    public static let maxGuestOrders = 20

    /// The seller's connected account.
    public var account: String
    /// The platform's own id of the buyer who signed up.
    public var customerReference: String
    /// The buyer's e-mail, set on a new Customer.
    public var customerEmail: String?
    /// The orders the buyer placed as a guest on this account (the platform's references).
    public var guestOrderReferences: [String]

    /// Creates the command; optional fields default to absent.
    public init(account: String, customerReference: String, customerEmail: String? = nil, guestOrderReferences: [String]) {
        self.account = account
        self.customerReference = customerReference
        self.customerEmail = customerEmail
        self.guestOrderReferences = guestOrderReferences
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account.",
        "customer_reference": "The platform's own id of the buyer who signed up; one Stripe Customer per reference and connected account.",
        "customer_email": "The buyer's e-mail, set on a new Customer.",
        "guest_order_references":
            "The orders the buyer placed as a guest on this account (the platform's references): 1 to 20, distinct.",
    ]

    /// The buyer's Customer and what became of each guest order's payment method.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account.
        public var account: String
        /// The platform's id of the buyer.
        public var customerReference: String
        /// The buyer's Customer (`cus_…`) on the connected account.
        public var customer: String
        /// Whether this registration created the Customer.
        public var customerCreated: Bool
        /// One entry per guest order, in the command's order.
        public var paymentMethods: [GuestPaymentMethod]
        /// The method this registration made the Customer's default, when it made one.
        public var defaultPaymentMethod: String?

        /// Creates the result; optional fields default to absent.
        public init(
            account: String, customerReference: String, customer: String, customerCreated: Bool,
            paymentMethods: [GuestPaymentMethod], defaultPaymentMethod: String? = nil
        ) {
            self.account = account
            self.customerReference = customerReference
            self.customer = customer
            self.customerCreated = customerCreated
            self.paymentMethods = paymentMethods
            self.defaultPaymentMethod = defaultPaymentMethod
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account.",
            "customer_reference": "The platform's id of the buyer.",
            "customer": "The buyer's Customer (`cus_…`) on the connected account.",
            "customer_created": "Whether this registration created the Customer.",
            "payment_methods": "One entry per guest order, in the command's order.",
            "default_payment_method":
                "The method this registration made the Customer's default (`invoice_settings.default_payment_method`), when it made one: only when the buyer had no saved method before.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.nonEmpty(customerReference, field: "customer_reference")
        try Validation.email(customerEmail, field: "customer_email")
        try Validation.nonEmpty(guestOrderReferences, field: "guest_order_references")
        if guestOrderReferences.contains(where: { $0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" } }) {
            throw .invalid("guest_order_references", "must not hold a blank order reference")
        }
        guard Set(guestOrderReferences).count == guestOrderReferences.count else {
            throw .invalid("guest_order_references", "must be distinct")
        }
    }
}

extension RegisterBuyer: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account,
            "customer_reference": .nonEmpty,
            "customer_email": .email,
            "guest_order_references": SchemaRule.minItems(1).and(.maxItems(maxGuestOrders)).and(
                SchemaRule(["uniqueItems": .bool(true), "items": .object(SchemaRule.nonEmpty.keywords)])),
        ]
    }
}
