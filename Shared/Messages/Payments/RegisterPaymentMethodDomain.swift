/// `payments.register_payment_method_domain`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` or a ``ReplyError`` (`validation.invalid_domain` before Stripe is called).
public struct RegisterPaymentMethodDomain: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.register_payment_method_domain"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Registers a web domain on a connected account so Apple Pay, Google Pay and Link appear in Elements and embedded Checkout served from it (direct charges need the domain on each connected account): `POST /v1/payment_method_domains` with `Stripe-Account`. A domain the account already has is returned (`created: false`); redelivery and repeated registration are harmless."

    /// The seller's connected account.
    public var account: String
    /// The hostname to register, e.g. `shop.example.com` (no scheme, port or path); sent lowercased.
    public var domainName: String
    /// Whether the domain is enabled (Stripe's default: true).
    public var enabled: Bool?

    /// Creates the command.
    public init(account: String, domainName: String, enabled: Bool? = nil) {
        self.account = account
        self.domainName = domainName
        self.enabled = enabled
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account.",
        "domain_name": "The hostname to register, e.g. `shop.example.com` (no scheme, port or path); sent lowercased.",
        "enabled": "Whether the domain is enabled (Stripe's default: true).",
    ]

    /// The registered domain.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The connected account.
        public var account: String
        /// The domain as Stripe has it.
        public var domain: PaymentMethodDomainInfo
        /// False when the account already had the domain.
        public var created: Bool

        /// Creates the result.
        public init(account: String, domain: PaymentMethodDomainInfo, created: Bool) {
            self.account = account
            self.domain = domain
            self.created = created
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The connected account.",
            "domain": "The domain as Stripe has it.",
            "created": "False when the account already had the domain.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: `validation.invalid_id` (account), `validation.invalid_domain`.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.hostname(domainName, field: "domain_name")
    }
}

extension RegisterPaymentMethodDomain: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["account": .account, "domain_name": .hostname]
    }
}
