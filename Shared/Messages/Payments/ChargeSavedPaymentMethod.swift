/// `payments.charge_saved_payment_method`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct ChargeSavedPaymentMethod: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.charge_saved_payment_method"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "An off-session charge (`off_session=true`, `confirm=true`) of a buyer's saved payment method on the connected account, with the application fee: a returning buyer who is not there. `payment_method` names the saved method; absent, the Customer's default (`invoice_settings.default_payment_method`, set by `payments.set_default_payment_method` or `payments.register_buyer`) is charged, else the buyer's most recently saved one. Answers `succeeded` (→ `payments.order.paid`), `processing` for a delayed method, or `requires_action` when the bank asks for authentication (`authentication_required`): the order becomes `payments.order.requires_action`, the buyer gets an e-mail with `authentication_url`, and only the reply carries the PaymentIntent's client secret for that page. A decline is a `stripe.card_declined` reply error with the decline code (→ `payments.order.payment_failed`). Refused before Stripe is called: a buyer without a saved method (`conflict.no_saved_payment_method`), a method that is not the buyer's on this account (`conflict.payment_method_not_saved`). Redelivery never charges twice."

    /// The seller's connected account; the charge is a direct charge on it.
    public var account: String
    /// The platform's order id.
    public var orderReference: String
    /// The platform's own id of the buyer whose method is charged.
    public var customerReference: String
    /// The saved PaymentMethod (`pm_…`); absent: the Customer's default, else the buyer's most recently saved one.
    public var paymentMethod: String?
    /// Amount to charge.
    public var amount: Int
    /// Currency of the amount.
    public var currency: String
    /// The platform's application fee, at most the amount.
    public var applicationFeeAmount: Int?
    /// The platform's page where the buyer comes back to authenticate (https), put in the e-mail when the bank asks for it.
    public var authenticationUrl: String
    /// The buyer's e-mail for the receipt and the messages about the order.
    public var customerEmail: String?
    /// Description shown in the Dashboard.
    public var description: String?
    /// Stored on the PaymentIntent.
    public var metadata: [String: String]?

    /// Creates the command; optional fields default to absent.
    public init(
        account: String, orderReference: String, customerReference: String, paymentMethod: String? = nil,
        amount: Int, currency: String, applicationFeeAmount: Int? = nil, authenticationUrl: String,
        customerEmail: String? = nil, description: String? = nil, metadata: [String: String]? = nil
    ) {
        self.account = account
        self.orderReference = orderReference
        self.customerReference = customerReference
        self.paymentMethod = paymentMethod
        self.amount = amount
        self.currency = currency
        self.applicationFeeAmount = applicationFeeAmount
        self.authenticationUrl = authenticationUrl
        self.customerEmail = customerEmail
        self.description = description
        self.metadata = metadata
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the charge is a direct charge on it.",
        "order_reference": "The platform's order id.",
        "customer_reference": "The platform's own id of the buyer whose method is charged.",
        "payment_method":
            "The saved PaymentMethod (`pm_…`); absent: the Customer's default (`invoice_settings.default_payment_method`), else the buyer's most recently saved one.",
        "amount": "Amount to charge.",
        "currency": "Currency of the amount.",
        "application_fee_amount":
            "The platform's application fee, at most the amount. The service checks that bound; JSON Schema cannot compare two fields, so this schema does not.",
        "authentication_url": "The platform's page where the buyer comes back to authenticate (https), put in the e-mail when the bank asks for it.",
        "customer_email": "The buyer's e-mail for the receipt and the messages about the order.",
        "description": "Description shown in the Dashboard.",
        "metadata": "Stored on the PaymentIntent.",
    ]

    /// The outcome of the off-session charge.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account.
        public var account: String
        /// The platform's order id.
        public var orderReference: String
        /// The PaymentIntent id (`pi_…`).
        public var paymentIntent: String
        /// The saved PaymentMethod charged (`pm_…`).
        public var paymentMethod: String
        /// `succeeded`, `processing` or `requires_action` (the bank asks the buyer to authenticate).
        public var status: PaymentIntentStatus
        /// With `requires_action`: the PaymentIntent's client secret for the platform's authentication page (never in events or e-mails).
        public var clientSecret: String?
        /// With `requires_action`: Stripe's error code, authentication_required.
        public var failureCode: String?
        /// Its amount.
        public var amount: Int
        /// Its currency.
        public var currency: String

        /// Creates the result; optional fields default to absent.
        public init(
            account: String, orderReference: String, paymentIntent: String, paymentMethod: String,
            status: PaymentIntentStatus, clientSecret: String? = nil, failureCode: String? = nil, amount: Int,
            currency: String
        ) {
            self.account = account
            self.orderReference = orderReference
            self.paymentIntent = paymentIntent
            self.paymentMethod = paymentMethod
            self.status = status
            self.clientSecret = clientSecret
            self.failureCode = failureCode
            self.amount = amount
            self.currency = currency
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account.",
            "order_reference": "The platform's order id.",
            "payment_intent": "The PaymentIntent id (`pi_…`).",
            "payment_method": "The saved PaymentMethod charged (`pm_…`).",
            "status": "`succeeded`, `processing` or `requires_action` (the bank asks the buyer to authenticate).",
            "client_secret":
                "With `requires_action`: the PaymentIntent's client secret for the platform's authentication page (never in events or e-mails).",
            "failure_code": "With `requires_action`: Stripe's error code, authentication_required.",
            "amount": "Its amount.",
            "currency": "Its currency.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.nonEmpty(orderReference, field: "order_reference")
        try Validation.nonEmpty(customerReference, field: "customer_reference")
        try Validation.id(paymentMethod, prefix: "pm_", field: "payment_method")
        try Validation.charge(amount: amount, currency: currency, applicationFee: applicationFeeAmount)
        try Validation.url(authenticationUrl, field: "authentication_url")
        try Validation.email(customerEmail, field: "customer_email")
    }
}

extension ChargeSavedPaymentMethod: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema (all but `application_fee_amount` ≤ `amount`, which JSON Schema cannot compare).
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account,
            "order_reference": .nonEmpty,
            "customer_reference": .nonEmpty,
            "payment_method": .stripeId("pm_"),
            "amount": .positiveAmount,
            "currency": .currency,
            "application_fee_amount": .nonNegative,
            "authentication_url": .url(),
            "customer_email": .email,
        ]
    }

    /// Stripe's minimum charge in the command's currency (``SchemaLimit/minimumCharge(amount:currency:)``).
    public static var objectRules: [SchemaRule] { [.minimumCharge] }
}
