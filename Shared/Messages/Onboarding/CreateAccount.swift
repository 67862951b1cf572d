/// `onboarding.create_account`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreateAccount: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.create_account"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Create a connected account for a seller (Accounts v1) with either an account `type` or controller properties, and optionally its representative (a Person with `relationship[representative]=true`). The same seller reference twice returns the existing account, never a second Stripe account."

    /// The platform's own, unique reference of the seller (e.g. its shop id).
    public var sellerReference: String
    /// Two-letter ISO 3166-1 country code, uppercase (e.g. US, FR), one Stripe onboards;
    /// absent: Stripe's default (the platform's country).
    public var country: String?
    /// The seller's e-mail address.
    public var email: String?
    /// Account type; give this, `controller`, or neither (the platform's default controller properties).
    public var type: AccountType?
    /// Controller properties in Stripe's nested shape; not together with `type`.
    public var controller: AccountController?
    /// `individual`, `company`, `non_profit` or `government_entity`.
    public var businessType: String?
    /// Public business details.
    public var businessProfile: BusinessProfile?
    /// The person behind an individual account, prefilled (`business_type` `individual`).
    public var individual: IndividualDetails?
    /// The company, prefilled (`business_type` `company`, `non_profit` or `government_entity`).
    public var company: CompanyDetails?
    /// The bank account for payouts: a token or bank details.
    public var externalAccount: ExternalAccountDetails?
    /// Capabilities to request (default `card_payments` and `transfers`; none asked for a full Stripe dashboard).
    public var capabilities: [String]?
    /// Terms acceptance the platform collected; only where the platform collects requirements.
    public var tosAcceptance: TermsAcceptance?
    /// Statement descriptor and payout schedule.
    public var settings: AccountSettings?
    /// The representative, created as a Person before any account link.
    public var representative: Representative?
    /// Stored on the Stripe account.
    public var metadata: [String: String]?

    /// Creates the command; optional fields default to absent.
    public init(
        sellerReference: String, country: String? = nil, email: String? = nil, type: AccountType? = nil,
        controller: AccountController? = nil, businessType: String? = nil,
        businessProfile: BusinessProfile? = nil, individual: IndividualDetails? = nil,
        company: CompanyDetails? = nil, externalAccount: ExternalAccountDetails? = nil,
        capabilities: [String]? = nil, tosAcceptance: TermsAcceptance? = nil, settings: AccountSettings? = nil,
        representative: Representative? = nil, metadata: [String: String]? = nil
    ) {
        self.sellerReference = sellerReference
        self.country = country
        self.email = email
        self.type = type
        self.controller = controller
        self.businessType = businessType
        self.businessProfile = businessProfile
        self.individual = individual
        self.company = company
        self.externalAccount = externalAccount
        self.capabilities = capabilities
        self.tosAcceptance = tosAcceptance
        self.settings = settings
        self.representative = representative
        self.metadata = metadata
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "seller_reference": "The platform's own, unique reference of the seller (e.g. its shop id).",
        "country":
            "Two-letter ISO 3166-1 country code, uppercase (e.g. US, FR), one where Stripe onboards connected accounts (else `validation.unsupported_country`); absent: Stripe's default, the platform's country.",
        "email": "The seller's e-mail address.",
        "type":
            "Account type (`standard`, `express`, `custom`); give this, `controller`, or neither (the platform's default controller properties), never both.",
        "controller":
            "Controller properties in Stripe's nested shape (`{\"fees\":{\"payer\":\"application\"},\"losses\":{\"payments\":\"application\"},\"stripe_dashboard\":{\"type\":\"express\"}}`), at least one; not together with `type`.",
        "business_type": "`individual`, `company`, `non_profit` or `government_entity`.",
        "business_profile": "Public business details.",
        "individual": "The person behind an individual account, prefilled so onboarding does not ask again; needs `business_type` `individual`.",
        "company": "The company, prefilled; needs `business_type` `company`, `non_profit` or `government_entity`.",
        "external_account": "The bank account for payouts: a `btok_…` token or the bank details.",
        "capabilities":
            "Capabilities to request, e.g. `[\"card_payments\",\"transfers\"]`; absent: those two (none for a full Stripe dashboard, whose seller chooses).",
        "tos_acceptance":
            "Terms acceptance the platform collected; only for accounts whose requirements the platform collects (`type` `custom` or `controller.requirement_collection` `application`), else Stripe's onboarding asks.",
        "settings": "Statement descriptor and payout schedule.",
        "representative": "The representative, created as a Person (`relationship[representative]=true`) before any account link.",
        "metadata": "Stored on the Stripe account.",
    ]

    /// The account (new or existing) and its onboarding status.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The connected account.
        public var account: String
        /// The platform's own, unique reference of the seller (e.g. its shop id).
        public var sellerReference: String
        /// Onboarding status now.
        public var status: AccountOnboardingStatus
        /// Stripe's `details_submitted`.
        public var detailsSubmitted: Bool
        /// Stripe's `charges_enabled`.
        public var chargesEnabled: Bool
        /// Stripe's `payouts_enabled`.
        public var payoutsEnabled: Bool
        /// False when the seller reference already had an account and that one is returned.
        public var created: Bool

        /// Creates the result; optional fields default to absent.
        public init(
            account: String, sellerReference: String, status: AccountOnboardingStatus, detailsSubmitted: Bool, chargesEnabled: Bool,
            payoutsEnabled: Bool, created: Bool
        ) {
            self.account = account
            self.sellerReference = sellerReference
            self.status = status
            self.detailsSubmitted = detailsSubmitted
            self.chargesEnabled = chargesEnabled
            self.payoutsEnabled = payoutsEnabled
            self.created = created
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The connected account.",
            "seller_reference": "The platform's own, unique reference of the seller (e.g. its shop id).",
            "status": "Onboarding status now.",
            "details_submitted": "Stripe's `details_submitted`.",
            "charges_enabled": "Stripe's `charges_enabled`.",
            "payouts_enabled": "Stripe's `payouts_enabled`.",
            "created": "False when the seller reference already had an account and that one is returned.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.nonEmpty(sellerReference, field: "seller_reference")
        try ConnectCountries.validate(country)
        try Validation.email(email)
        if type != nil, controller != nil {
            throw .invalid("controller", "give type or controller (or neither, for the platform's defaults), not both")
        }
        try controller?.validate(field: "controller")
        try AccountPrefill.validateBusinessType(businessType)
        if individual != nil, businessType != "individual" {
            throw .invalid("individual", "individual details need business_type individual")
        }
        if company != nil, !AccountPrefill.companyTypes.contains(businessType ?? "") {
            throw .invalid("company", "company details need business_type company, non_profit or government_entity")
        }
        if tosAcceptance != nil, type != .custom, controller?.requirementCollection != "application" {
            throw .invalid(
                "tos_acceptance",
                "the platform gives tos_acceptance only for accounts whose requirements it collects (type custom or controller.requirement_collection application)"
            )
        }
        try AccountPrefill.validate(
            businessProfile: businessProfile, individual: individual, company: company,
            externalAccount: externalAccount, capabilities: capabilities,
            tosAcceptance: tosAcceptance, settings: settings)
        if let representative {
            try Validation.nonEmpty(representative.firstName, field: "representative.first_name")
            try Validation.nonEmpty(representative.lastName, field: "representative.last_name")
            try Validation.email(representative.email, field: "representative.email")
            try representative.dateOfBirth?.validateRange(field: "representative.date_of_birth")
        }
    }
}

extension CreateAccount: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "seller_reference": .nonEmpty,
            "country": ConnectCountries.rule,
            "email": .email,
            "business_type": .allowed(AccountPrefill.businessTypes),
            "capabilities": .capabilityNames,
        ]
    }

    /// The cross-field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var objectRules: [SchemaRule] {
        [
            SchemaRule(["not": .object(["required": .array(["type", "controller"])])]),
            .when(
                ["required": ["individual"]],
                then: ["required": ["business_type"], "properties": ["business_type": ["const": "individual"]]]),
            .when(
                ["required": ["company"]],
                then: [
                    "required": ["business_type"],
                    "properties": ["business_type": ["enum": .array(AccountPrefill.companyTypes.map(JSONValue.string))]],
                ]),
            .when(
                ["required": ["tos_acceptance"]],
                then: [
                    "anyOf": [
                        ["required": ["type"], "properties": ["type": ["const": "custom"]]],
                        [
                            "required": ["controller"],
                            "properties": [
                                "controller": [
                                    "required": ["requirement_collection"],
                                    "properties": ["requirement_collection": ["const": "application"]],
                                ]
                            ],
                        ],
                    ]
                ]),
        ]
    }
}
