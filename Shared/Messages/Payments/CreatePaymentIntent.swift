/// `payments.create_payment_intent`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreatePaymentIntent: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.create_payment_intent"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Create a PaymentIntent on the connected account for the web Payment Element: automatic payment methods (default) or an explicit list of method types (card, bancontact, eps, ideal, link, p24, sepa_debit, us_bank_account, …), with the application fee. One open PaymentIntent per order: the same order gets its open PaymentIntent back."

    /// The seller's connected account; the charge is a direct charge on it.
    public var account: String
    /// The platform's order id.
    public var orderReference: String
    /// Amount to charge.
    public var amount: Int
    /// Currency of the amount.
    public var currency: String
    /// The platform's application fee, at most the amount.
    public var applicationFeeAmount: Int?
    /// Explicit payment method types; absent means automatic payment methods.
    public var paymentMethodTypes: [String]?
    /// A Customer (`cus_…`) on the connected account.
    public var customer: String?
    /// Where Stripe sends the receipt.
    public var receiptEmail: String?
    /// Description shown in the Dashboard.
    public var description: String?
    /// Stored on the PaymentIntent.
    public var metadata: [String: String]?
    /// Save the payment method to `customer` for later (`on_session` or `off_session`); needs `customer`.
    public var setupFutureUsage: SetupFutureUsage?
    /// Ask the buyer for the CVC again when paying with a saved card (`payment_method_options[card][require_cvc_recollection]`); needs `customer`, and `card` among explicit method types.
    public var requireCvcRecollection: Bool?
    /// Where the order ships (Stripe's `shipping`: name and address line 1 required); stored
    /// with the order and carried by `payments.order.paid`.
    public var shipping: Shipping?

    /// Creates the command; optional fields default to absent.
    public init(
        account: String, orderReference: String, amount: Int, currency: String, applicationFeeAmount: Int? = nil, paymentMethodTypes: [String]? = nil,
        customer: String? = nil, receiptEmail: String? = nil, description: String? = nil, metadata: [String: String]? = nil,
        setupFutureUsage: SetupFutureUsage? = nil, requireCvcRecollection: Bool? = nil, shipping: Shipping? = nil
    ) {
        self.setupFutureUsage = setupFutureUsage
        self.requireCvcRecollection = requireCvcRecollection
        self.account = account
        self.orderReference = orderReference
        self.amount = amount
        self.currency = currency
        self.applicationFeeAmount = applicationFeeAmount
        self.paymentMethodTypes = paymentMethodTypes
        self.customer = customer
        self.receiptEmail = receiptEmail
        self.description = description
        self.metadata = metadata
        self.shipping = shipping
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the charge is a direct charge on it.",
        "order_reference": "The platform's order id.",
        "amount": "Amount to charge.",
        "currency": "Currency of the amount.",
        "application_fee_amount":
            "The platform's application fee, at most the amount.. The service checks that bound; JSON Schema cannot compare two fields, so this schema does not.",
        "payment_method_types":
            "Explicit payment method types; absent means automatic payment methods. A redirect-based method takes only its currencies (ideal, bancontact, eps: eur; p24: eur, pln; klarna: aud, cad, chf, czk, dkk, eur, gbp, nok, nzd, pln, ron, sek, usd).",
        "customer": "A Customer (`cus_…`) on the connected account.",
        "receipt_email":
            "Where Stripe sends the receipt; also the buyer's e-mail for Link (pass it to the Payment Element as `defaultValues.billingDetails.email`).",
        "description": "Description shown in the Dashboard.",
        "metadata": "Stored on the PaymentIntent.",
        "setup_future_usage": "Save the payment method to `customer` for later (`on_session` or `off_session`); needs `customer`.",
        "require_cvc_recollection":
            "Ask the buyer for the CVC again when paying with a saved card (`payment_method_options[card][require_cvc_recollection]`); needs `customer`, and `card` among explicit method types.",
        "shipping":
            "Where the order ships (Stripe's `shipping`: name and address line 1 required); stored with the order and carried by `payments.order.paid`.",
    ]

    /// The PaymentIntent and its client secret.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account; the charge is a direct charge on it.
        public var account: String
        /// The platform's order id.
        public var orderReference: String
        /// The PaymentIntent id (`pi_…`).
        public var paymentIntent: String
        /// The client secret for the Payment Element.
        public var clientSecret: String
        /// Its status.
        public var status: PaymentIntentStatus
        /// Its amount.
        public var amount: Int
        /// Its currency.
        public var currency: String
        /// True when the order's open PaymentIntent was returned instead of a new one.
        public var reused: Bool

        /// Creates the result; optional fields default to absent.
        public init(
            account: String, orderReference: String, paymentIntent: String, clientSecret: String, status: PaymentIntentStatus, amount: Int,
            currency: String, reused: Bool
        ) {
            self.account = account
            self.orderReference = orderReference
            self.paymentIntent = paymentIntent
            self.clientSecret = clientSecret
            self.status = status
            self.amount = amount
            self.currency = currency
            self.reused = reused
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account; the charge is a direct charge on it.",
            "order_reference": "The platform's order id.",
            "payment_intent": "The PaymentIntent id (`pi_…`).",
            "client_secret": "The client secret for the Payment Element.",
            "status": "Its status.",
            "amount": "Its amount.",
            "currency": "Its currency.",
            "reused": "True when the order's open PaymentIntent was returned instead of a new one.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.nonEmpty(orderReference, field: "order_reference")
        try Validation.charge(amount: amount, currency: currency, applicationFee: applicationFeeAmount)
        try Validation.onlinePaymentMethodTypes(paymentMethodTypes)
        try Validation.paymentMethodCurrency(paymentMethodTypes, currency: currency)
        try Validation.id(customer, prefix: "cus_", field: "customer")
        try Validation.email(receiptEmail, field: "receipt_email")
        try Validation.savedMethodOptions(
            setupFutureUsage: setupFutureUsage, requireCvcRecollection: requireCvcRecollection,
            hasCustomer: customer != nil, customerField: "customer",
            paymentMethodTypes: paymentMethodTypes)
        try shipping?.validate()
    }
}

extension CreatePaymentIntent: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema (all but `application_fee_amount` ≤ `amount`, which JSON Schema cannot compare).
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account,
            "order_reference": .nonEmpty,
            "amount": .positiveAmount,
            "currency": .currency,
            "application_fee_amount": .nonNegative,
            "payment_method_types": .onlinePaymentMethodTypes,
            "customer": .stripeId("cus_"),
            "receipt_email": .email,
        ]
    }

    /// The cross-field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var objectRules: [SchemaRule] {
        SchemaRule.savedMethodOptions(customerField: "customer") + [.minimumCharge]
            + SchemaRule.paymentMethodCurrency(currency: SchemaRule.currencyOneOf)
    }
}
