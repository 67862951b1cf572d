/// `payments.create_payment_sheet`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreatePaymentSheet: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.create_payment_sheet"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "What a mobile PaymentSheet backend returns: a Customer found or created for the platform's customer reference on the connected account, a CustomerSession client secret (or, if asked, an ephemeral key for the SDK's API version), and a PaymentIntent for the order (automatic payment methods or an explicit list, with the application fee), plus the publishable key and account id the app needs. One open PaymentIntent per order."

    /// The seller's connected account; the charge is a direct charge on it.
    public var account: String
    /// The platform's order id.
    public var orderReference: String
    /// The platform's own id of the buyer; one Stripe Customer per reference and connected account. Absent: a guest sheet (no Customer, no CustomerSession; with `setup_future_usage` the method is kept for `payments.register_buyer`).
    public var customerReference: String?
    /// E-mail for a new Customer.
    public var customerEmail: String?
    /// Amount to charge.
    public var amount: Int
    /// Currency of the amount.
    public var currency: String
    /// The platform's application fee, at most the amount.
    public var applicationFeeAmount: Int?
    /// Explicit payment method types (e.g. card, sepa_debit); absent means automatic payment
    /// methods.
    public var paymentMethodTypes: [String]?
    /// `customer_session` (default) or `ephemeral_key`.
    public var customerKey: PaymentSheetCustomerKey?
    /// The mobile SDK's Stripe API version; required with `ephemeral_key`.
    public var apiVersion: String?
    /// Stored on the PaymentIntent.
    public var metadata: [String: String]?
    /// Save the payment method for later (`on_session` or `off_session`): to the buyer's Customer, or kept for `payments.register_buyer` on a guest sheet.
    public var setupFutureUsage: SetupFutureUsage?
    /// Ask the buyer for the CVC again when paying with a saved card; needs `customer_reference`, and `card` among explicit method types.
    public var requireCvcRecollection: Bool?
    /// Where the order ships (Stripe's `shipping`: name and address line 1 required); stored
    /// with the order and carried by `payments.order.paid`.
    public var shipping: Shipping?

    /// Creates the command; optional fields default to absent.
    public init(
        account: String, orderReference: String, customerReference: String? = nil, customerEmail: String? = nil, amount: Int, currency: String,
        applicationFeeAmount: Int? = nil, paymentMethodTypes: [String]? = nil, customerKey: PaymentSheetCustomerKey? = nil, apiVersion: String? = nil,
        metadata: [String: String]? = nil, setupFutureUsage: SetupFutureUsage? = nil, requireCvcRecollection: Bool? = nil, shipping: Shipping? = nil
    ) {
        self.setupFutureUsage = setupFutureUsage
        self.requireCvcRecollection = requireCvcRecollection
        self.account = account
        self.orderReference = orderReference
        self.customerReference = customerReference
        self.customerEmail = customerEmail
        self.amount = amount
        self.currency = currency
        self.applicationFeeAmount = applicationFeeAmount
        self.paymentMethodTypes = paymentMethodTypes
        self.customerKey = customerKey
        self.apiVersion = apiVersion
        self.metadata = metadata
        self.shipping = shipping
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the charge is a direct charge on it.",
        "order_reference": "The platform's order id.",
        "customer_reference":
            "The platform's own id of the buyer; one Stripe Customer per reference and connected account. Absent: a guest sheet (no Customer, no CustomerSession; with `setup_future_usage` the method is kept for `payments.register_buyer`).",
        "customer_email": "E-mail for a new Customer; Link recognises the buyer by it (pass it to PaymentSheet as `defaultBillingDetails.email`).",
        "amount": "Amount to charge.",
        "currency": "Currency of the amount.",
        "application_fee_amount":
            "The platform's application fee, at most the amount.. The service checks that bound; JSON Schema cannot compare two fields, so this schema does not.",
        "payment_method_types":
            "Explicit payment method types (e.g. card, sepa_debit); absent means automatic payment methods. A redirect-based method takes only its currencies (ideal, bancontact, eps: eur; p24: eur, pln; klarna: aud, cad, chf, czk, dkk, eur, gbp, nok, nzd, pln, ron, sek, usd).",
        "customer_key": "`customer_session` (default) or `ephemeral_key`.",
        "api_version": "The mobile SDK's Stripe API version; required with `ephemeral_key`.",
        "metadata": "Stored on the PaymentIntent.",
        "setup_future_usage":
            "Save the payment method for later (`on_session` or `off_session`): to the buyer's Customer, or, on a guest sheet (no `customer_reference`), kept for when the guest signs up (`payments.register_buyer` attaches it). Send it only when the buyer agreed to save.",
        "require_cvc_recollection":
            "Ask the buyer for the CVC again when paying with a saved card; needs `customer_reference`, and `card` among explicit method types.",
        "shipping":
            "Where the order ships (Stripe's `shipping`: name and address line 1 required); stored with the order and carried by `payments.order.paid`.",
    ]

    /// Everything the app needs to present PaymentSheet.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account; the charge is a direct charge on it.
        public var account: String
        /// The platform's order id.
        public var orderReference: String
        /// The PaymentIntent id (`pi_…`).
        public var paymentIntent: String
        /// The PaymentIntent's client secret for PaymentSheet.
        public var paymentIntentClientSecret: String
        /// The Customer id (`cus_…`) on the connected account; absent for a guest sheet.
        public var customer: String?
        /// The CustomerSession client secret (with `customer_session`).
        public var customerSessionClientSecret: String?
        /// The ephemeral key secret (with `ephemeral_key`).
        public var ephemeralKey: String?
        /// The platform's publishable key the app initialises Stripe with.
        public var publishableKey: String
        /// Amount of the PaymentIntent.
        public var amount: Int
        /// Currency of the PaymentIntent.
        public var currency: String

        /// Creates the result; optional fields default to absent.
        public init(
            account: String, orderReference: String, paymentIntent: String, paymentIntentClientSecret: String, customer: String? = nil,
            customerSessionClientSecret: String? = nil, ephemeralKey: String? = nil, publishableKey: String, amount: Int, currency: String
        ) {
            self.account = account
            self.orderReference = orderReference
            self.paymentIntent = paymentIntent
            self.paymentIntentClientSecret = paymentIntentClientSecret
            self.customer = customer
            self.customerSessionClientSecret = customerSessionClientSecret
            self.ephemeralKey = ephemeralKey
            self.publishableKey = publishableKey
            self.amount = amount
            self.currency = currency
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account; the charge is a direct charge on it.",
            "order_reference": "The platform's order id.",
            "payment_intent": "The PaymentIntent id (`pi_…`).",
            "payment_intent_client_secret": "The PaymentIntent's client secret for PaymentSheet.",
            "customer": "The Customer id (`cus_…`) on the connected account; absent for a guest sheet.",
            "customer_session_client_secret": "The CustomerSession client secret (with `customer_session`).",
            "ephemeral_key": "The ephemeral key secret (with `ephemeral_key`).",
            "publishable_key": "The platform's publishable key the app initialises Stripe with.",
            "amount": "Amount of the PaymentIntent.",
            "currency": "Currency of the PaymentIntent.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.nonEmpty(orderReference, field: "order_reference")
        if let customerReference { try Validation.nonEmpty(customerReference, field: "customer_reference") }
        try Validation.email(customerEmail, field: "customer_email")
        try Validation.charge(amount: amount, currency: currency, applicationFee: applicationFeeAmount)
        try Validation.onlinePaymentMethodTypes(paymentMethodTypes)
        try Validation.paymentMethodCurrency(paymentMethodTypes, currency: currency)
        try Validation.savedMethodOptions(
            setupFutureUsage: setupFutureUsage, requireCvcRecollection: requireCvcRecollection,
            hasCustomer: customerReference != nil, customerField: "customer_reference",
            paymentMethodTypes: paymentMethodTypes, guestMaySave: true)
        if customerKey != nil, customerReference == nil { throw .customerRequired("customer_key", needs: "customer_reference") }
        try shipping?.validate()
        if customerKey == .ephemeralKey {
            guard let apiVersion else { throw .missingField("api_version") }
            try Validation.nonEmpty(apiVersion, field: "api_version")
        }
    }
}

extension CreatePaymentSheet: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema (all but `application_fee_amount` ≤ `amount`, which JSON Schema cannot compare).
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account,
            "order_reference": .nonEmpty,
            "customer_reference": .nonEmpty,
            "customer_email": .email,
            "amount": .positiveAmount,
            "currency": .currency,
            "application_fee_amount": .nonNegative,
            "payment_method_types": .onlinePaymentMethodTypes,
        ]
    }

    /// The cross-field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var objectRules: [SchemaRule] {
        SchemaRule.savedMethodOptions(customerField: "customer_reference", guestMaySave: true)
            + SchemaRule.paymentMethodCurrency(currency: SchemaRule.currencyOneOf) + [
                .minimumCharge,
                .dependentRequired("customer_key", ["customer_reference"]),
                .when(
                    SchemaRule.shape(required: ["customer_key"], properties: ["customer_key": .object(["const": .string("ephemeral_key")])]),
                    then: SchemaRule.shape(required: ["api_version"], properties: ["api_version": .object(SchemaRule.nonEmpty.keywords)])),
            ]
    }
}
