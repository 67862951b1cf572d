/// `payments.create_ephemeral_key`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreateEphemeralKey: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.create_ephemeral_key"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Create an ephemeral key for a Customer on the connected account, for the API version the mobile SDK sends (passed as `Stripe-Version`), as the legacy STPCustomerContext key provider needs. The reply's `key` is the JSON object Stripe returned, to hand to the SDK as is."

    /// The seller's connected account; the charge is a direct charge on it.
    public var account: String
    /// The Customer (`cus_…`) on the connected account.
    public var customer: String
    /// The Stripe API version the mobile SDK asks for (required).
    public var apiVersion: String

    /// Creates the command; optional fields default to absent.
    public init(account: String, customer: String, apiVersion: String) {
        self.account = account
        self.customer = customer
        self.apiVersion = apiVersion
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the charge is a direct charge on it.",
        "customer": "The Customer (`cus_…`) on the connected account.",
        "api_version": "The Stripe API version the mobile SDK asks for (required).",
    ]

    /// The ephemeral key.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account; the charge is a direct charge on it.
        public var account: String
        /// The key id (`ephkey_…`).
        public var ephemeralKey: String
        /// The key secret.
        public var secret: String
        /// When the key expires.
        public var expiresAt: Int
        /// The Customer it is for.
        public var customer: String
        /// The ephemeral key object exactly as Stripe returned it (JSON text), for the SDK.
        public var key: String

        /// Creates the result; optional fields default to absent.
        public init(account: String, ephemeralKey: String, secret: String, expiresAt: Int, customer: String, key: String) {
            self.account = account
            self.ephemeralKey = ephemeralKey
            self.secret = secret
            self.expiresAt = expiresAt
            self.customer = customer
            self.key = key
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account; the charge is a direct charge on it.",
            "ephemeral_key": "The key id (`ephkey_…`).",
            "secret": "The key secret.",
            "expires_at": "When the key expires.",
            "customer": "The Customer it is for.",
            "key": "The ephemeral key object exactly as Stripe returned it (JSON text), for the SDK.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.id(customer, prefix: "cus_", field: "customer")
        try Validation.nonEmpty(apiVersion, field: "api_version")
    }
}

extension CreateEphemeralKey: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account,
            "customer": .stripeId("cus_"),
            "api_version": .nonEmpty,
        ]
    }
}
