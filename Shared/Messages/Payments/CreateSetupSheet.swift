/// `payments.create_setup_sheet`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreateSetupSheet: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.create_setup_sheet"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "PaymentSheet in setup mode: save a payment method for a buyer without paying. The Customer found or created for the platform's customer reference on the connected account, a SetupIntent for it (`usage` `off_session` by default, automatic payment methods or an explicit list), and a CustomerSession client secret (or, if asked, an ephemeral key for the SDK's API version), plus the publishable key. The method is recorded for the buyer when Stripe reports the SetupIntent succeeded (`setup_intent.succeeded`)."

    /// The seller's connected account; the method is saved on it.
    public var account: String
    /// The platform's own id of the buyer; one Stripe Customer per reference and connected account.
    public var customerReference: String
    /// E-mail for a new Customer.
    public var customerEmail: String?
    /// How the method will be used later: off_session (default) or on_session.
    public var usage: SetupFutureUsage?
    /// Explicit payment method types (e.g. card, sepa_debit); absent means automatic payment methods.
    public var paymentMethodTypes: [String]?
    /// `customer_session` (default) or `ephemeral_key`.
    public var customerKey: PaymentSheetCustomerKey?
    /// The mobile SDK's Stripe API version; required with `ephemeral_key`.
    public var apiVersion: String?
    /// Stored on the SetupIntent.
    public var metadata: [String: String]?

    /// Creates the command; optional fields default to absent.
    public init(
        account: String, customerReference: String, customerEmail: String? = nil, usage: SetupFutureUsage? = nil,
        paymentMethodTypes: [String]? = nil, customerKey: PaymentSheetCustomerKey? = nil, apiVersion: String? = nil,
        metadata: [String: String]? = nil
    ) {
        self.account = account
        self.customerReference = customerReference
        self.customerEmail = customerEmail
        self.usage = usage
        self.paymentMethodTypes = paymentMethodTypes
        self.customerKey = customerKey
        self.apiVersion = apiVersion
        self.metadata = metadata
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the method is saved on it.",
        "customer_reference": "The platform's own id of the buyer; one Stripe Customer per reference and connected account.",
        "customer_email": "E-mail for a new Customer.",
        "usage": "How the method will be used later: off_session (default) or on_session.",
        "payment_method_types": "Explicit payment method types (e.g. card, sepa_debit); absent means automatic payment methods.",
        "customer_key": "`customer_session` (default) or `ephemeral_key`.",
        "api_version": "The mobile SDK's Stripe API version; required with `ephemeral_key`.",
        "metadata": "Stored on the SetupIntent.",
    ]

    /// Everything the app needs to present PaymentSheet in setup mode.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account.
        public var account: String
        /// The platform's id of the buyer.
        public var customerReference: String
        /// The SetupIntent id (`seti_…`).
        public var setupIntent: String
        /// The SetupIntent's client secret for PaymentSheet (setup mode).
        public var setupIntentClientSecret: String
        /// The Customer id (`cus_…`) on the connected account.
        public var customer: String
        /// The CustomerSession client secret (with `customer_session`).
        public var customerSessionClientSecret: String?
        /// The ephemeral key secret (with `ephemeral_key`).
        public var ephemeralKey: String?
        /// The platform's publishable key the app initialises Stripe with.
        public var publishableKey: String

        /// Creates the result; optional fields default to absent.
        public init(
            account: String, customerReference: String, setupIntent: String, setupIntentClientSecret: String,
            customer: String, customerSessionClientSecret: String? = nil, ephemeralKey: String? = nil,
            publishableKey: String
        ) {
            self.account = account
            self.customerReference = customerReference
            self.setupIntent = setupIntent
            self.setupIntentClientSecret = setupIntentClientSecret
            self.customer = customer
            self.customerSessionClientSecret = customerSessionClientSecret
            self.ephemeralKey = ephemeralKey
            self.publishableKey = publishableKey
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account.",
            "customer_reference": "The platform's id of the buyer.",
            "setup_intent": "The SetupIntent id (`seti_…`).",
            "setup_intent_client_secret": "The SetupIntent's client secret for PaymentSheet (setup mode).",
            "customer": "The Customer id (`cus_…`) on the connected account.",
            "customer_session_client_secret": "The CustomerSession client secret (with `customer_session`).",
            "ephemeral_key": "The ephemeral key secret (with `ephemeral_key`).",
            "publishable_key": "The platform's publishable key the app initialises Stripe with.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.nonEmpty(customerReference, field: "customer_reference")
        try Validation.email(customerEmail, field: "customer_email")
        try Validation.paymentMethodTypes(paymentMethodTypes)
        if customerKey == .ephemeralKey {
            guard let apiVersion else { throw .missingField("api_version") }
            try Validation.nonEmpty(apiVersion, field: "api_version")
        }
    }
}

extension CreateSetupSheet: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account,
            "customer_reference": .nonEmpty,
            "customer_email": .email,
            "payment_method_types": .paymentMethodTypes,
        ]
    }

    /// The cross-field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var objectRules: [SchemaRule] {
        [
            .when(
                SchemaRule.shape(required: ["customer_key"], properties: ["customer_key": .object(["const": .string("ephemeral_key")])]),
                then: SchemaRule.shape(required: ["api_version"], properties: ["api_version": .object(SchemaRule.nonEmpty.keywords)]))
        ]
    }
}
