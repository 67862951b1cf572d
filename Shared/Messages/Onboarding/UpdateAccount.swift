/// `onboarding.update_account`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` or a ``ReplyError``.
public struct UpdateAccount: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.update_account"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Change what the platform prefilled on a connected account (what an \"edit business details\" screen sends, `POST /v1/accounts/{id}`), at least one field. Refused with `conflict.update_not_allowed` before Stripe is called where Stripe's rule is known from the recorded account (a service-state rule JSON Schema cannot state): `tos_acceptance` when Stripe collects the account's requirements (Standard, Express), and `business_type`, `business_profile`, `individual`, `company`, `external_account` on such an account once onboarding has started (an account link or session was issued); `email`, `settings`, `metadata`, `capabilities` stay writable, as Stripe allows. Stripe's own refusals come back as `stripe.<code>`."

    /// The connected account.
    public var account: String
    /// The seller's e-mail address.
    public var email: String?
    /// `individual`, `company`, `non_profit` or `government_entity`.
    public var businessType: String?
    /// Public business details (only the given parts change).
    public var businessProfile: BusinessProfile?
    /// The person behind an individual account.
    public var individual: IndividualDetails?
    /// The company.
    public var company: CompanyDetails?
    /// A new bank account for payouts (becomes the default for its currency).
    public var externalAccount: ExternalAccountDetails?
    /// More capabilities to request.
    public var capabilities: [String]?
    /// Terms acceptance the platform collected.
    public var tosAcceptance: TermsAcceptance?
    /// Statement descriptor and payout schedule.
    public var settings: AccountSettings?
    /// Merged into the account's metadata (an empty string removes a key).
    public var metadata: [String: String]?

    /// Creates the command; optional fields default to absent.
    public init(
        account: String, email: String? = nil, businessType: String? = nil, businessProfile: BusinessProfile? = nil,
        individual: IndividualDetails? = nil, company: CompanyDetails? = nil,
        externalAccount: ExternalAccountDetails? = nil, capabilities: [String]? = nil,
        tosAcceptance: TermsAcceptance? = nil, settings: AccountSettings? = nil, metadata: [String: String]? = nil
    ) {
        self.account = account; self.email = email; self.businessType = businessType
        self.businessProfile = businessProfile; self.individual = individual; self.company = company
        self.externalAccount = externalAccount; self.capabilities = capabilities
        self.tosAcceptance = tosAcceptance; self.settings = settings; self.metadata = metadata
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The connected account.",
        "email": "The seller's e-mail address.",
        "business_type": "`individual`, `company`, `non_profit` or `government_entity`.",
        "business_profile": "Public business details (only the given parts change).",
        "individual": "The person behind an individual account.",
        "company": "The company.",
        "external_account": "A new bank account for payouts: a `btok_…` token or the bank details.",
        "capabilities": "More capabilities to request (already requested ones stay).",
        "tos_acceptance": "Terms acceptance the platform collected; only where the platform collects requirements.",
        "settings": "Statement descriptor and payout schedule.",
        "metadata": "Merged into the account's metadata (an empty string removes a key).",
    ]

    /// The wire names of the fields this command changes, in a fixed order.
    public var changedFields: [String] {
        var fields: [String] = []
        if email != nil { fields.append("email") }
        if businessType != nil { fields.append("business_type") }
        if businessProfile != nil { fields.append("business_profile") }
        if individual != nil { fields.append("individual") }
        if company != nil { fields.append("company") }
        if externalAccount != nil { fields.append("external_account") }
        if capabilities != nil { fields.append("capabilities") }
        if tosAcceptance != nil { fields.append("tos_acceptance") }
        if settings != nil { fields.append("settings") }
        if metadata != nil { fields.append("metadata") }
        return fields
    }

    /// The account after the change.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The connected account.
        public var account: String
        /// The fields sent to Stripe (wire names).
        public var updated: [String]
        /// What Stripe still needs now (`currently_due`).
        public var currentlyDue: [String]

        /// Creates the result.
        public init(account: String, updated: [String], currentlyDue: [String]) {
            self.account = account; self.updated = updated; self.currentlyDue = currentlyDue
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The connected account.",
            "updated": "The fields sent to Stripe (wire names).",
            "currently_due": "What Stripe still needs now (`requirements.currently_due`).",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        if changedFields.isEmpty { throw .invalid("account", "give at least one field to change", code: ReplyError.Code.missingField) }
        try Validation.email(email)
        try AccountPrefill.validateBusinessType(businessType)
        try AccountPrefill.validate(
            businessProfile: businessProfile, individual: individual, company: company,
            externalAccount: externalAccount, capabilities: capabilities,
            tosAcceptance: tosAcceptance, settings: settings)
    }
}

extension UpdateAccount: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account, "email": .email, "business_type": .allowed(AccountPrefill.businessTypes),
            "capabilities": .capabilityNames,
        ]
    }

    /// The cross-field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var objectRules: [SchemaRule] { [SchemaRule(["minProperties": .int(2)])] }
}
