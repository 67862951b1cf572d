/// `payments.list_payment_method_domains`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` or a ``ReplyError``.
public struct ListPaymentMethodDomains: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.list_payment_method_domains"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "The payment method domains of a connected account (`GET /v1/payment_method_domains` with `Stripe-Account`, every page), optionally only one hostname or only enabled (or disabled) ones. Changes nothing."

    /// The seller's connected account.
    public var account: String
    /// Only this hostname (Stripe's `domain_name` filter; compared lowercased).
    public var domainName: String?
    /// Only enabled (true) or disabled (false) domains.
    public var enabled: Bool?

    /// Creates the command.
    public init(account: String, domainName: String? = nil, enabled: Bool? = nil) {
        self.account = account
        self.domainName = domainName
        self.enabled = enabled
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account.",
        "domain_name": "Only this hostname (Stripe's `domain_name` filter; compared lowercased).",
        "enabled": "Only enabled (true) or disabled (false) domains.",
    ]

    /// The account's domains.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The connected account.
        public var account: String
        /// Its domains, newest first (Stripe's order).
        public var domains: [PaymentMethodDomainInfo]

        /// Creates the result.
        public init(account: String, domains: [PaymentMethodDomainInfo]) {
            self.account = account
            self.domains = domains
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The connected account.",
            "domains": "Its domains, newest first (Stripe's order).",
        ]
    }

    /// Checks the field rules.
    /// - Throws: `validation.invalid_id` (account), `validation.invalid_domain`.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        if let domainName { try Validation.hostname(domainName, field: "domain_name") }
    }
}

extension ListPaymentMethodDomains: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["account": .account, "domain_name": .hostname]
    }
}
