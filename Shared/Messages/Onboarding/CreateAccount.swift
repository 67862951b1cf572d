/// `onboarding.create_account`: Create a connected account for a seller (Accounts v1) with either
/// an account `type` or controller properties, and optionally its representative (a Person with
/// `relationship[representative]=true`). The same seller reference twice returns the existing
/// account, never a second Stripe account.
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreateAccount: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.create_account"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "Create a connected account for a seller (Accounts v1) with either an account `type` or controller properties, and optionally its representative (a Person with `relationship[representative]=true`). The same seller reference twice returns the existing account, never a second Stripe account."

    /// The platform's own, unique reference of the seller (e.g. its shop id).
    public var sellerReference: String
    /// Two-letter ISO 3166-1 country code, uppercase (e.g. US, FR).
    public var country: String
    /// The seller's e-mail address.
    public var email: String?
    /// Account type; give this or `controller`, not both.
    public var type: AccountType?
    /// Controller properties in Stripe's nested shape; give this or `type`, not both.
    public var controller: AccountController?
    /// `individual`, `company`, `non_profit` or `government_entity`.
    public var businessType: String?
    /// Public business details.
    public var businessProfile: BusinessProfile?
    /// The representative, created before any account link.
    public var representative: Representative?
    /// Stored on the Stripe account.
    public var metadata: [String: String]?

    /// Creates the command; optional fields default to absent.
    public init(sellerReference: String, country: String, email: String? = nil, type: AccountType? = nil, controller: AccountController? = nil, businessType: String? = nil, businessProfile: BusinessProfile? = nil, representative: Representative? = nil, metadata: [String: String]? = nil) {
        self.sellerReference = sellerReference
        self.country = country
        self.email = email
        self.type = type
        self.controller = controller
        self.businessType = businessType
        self.businessProfile = businessProfile
        self.representative = representative
        self.metadata = metadata
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "seller_reference": "The platform's own, unique reference of the seller (e.g. its shop id).",
        "country": "Two-letter ISO 3166-1 country code, uppercase (e.g. US, FR).",
        "email": "The seller's e-mail address.",
        "type": "Account type; give this or `controller`, not both.",
        "controller": "Controller properties in Stripe's nested shape (`{\"fees\":{\"payer\":\"application\"},\"losses\":{\"payments\":\"application\"},\"stripe_dashboard\":{\"type\":\"express\"}}`), at least one; give this or `type`, not both.",
        "business_type": "`individual`, `company`, `non_profit` or `government_entity`.",
        "business_profile": "Public business details.",
        "representative": "The representative, created before any account link.",
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
        public init(account: String, sellerReference: String, status: AccountOnboardingStatus, detailsSubmitted: Bool, chargesEnabled: Bool, payoutsEnabled: Bool, created: Bool) {
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
        try Validation.country(country)
        try Validation.email(email)
        switch (type, controller) {
        case (nil, nil): throw .invalid("type", "give either type or controller", code: ReplyError.Code.missingField)
        case (.some, .some): throw .invalid("controller", "give either type or controller, not both")
        default: break
        }
        try controller?.validate(field: "controller")
        if let businessType, !["individual", "company", "non_profit", "government_entity"].contains(businessType) {
            throw .invalid("business_type", "must be individual, company, non_profit or government_entity")
        }
        try Validation.url(businessProfile?.url, field: "business_profile.url")
        try Validation.email(businessProfile?.supportEmail, field: "business_profile.support_email")
        if let representative {
            try Validation.nonEmpty(representative.firstName, field: "representative.first_name")
            try Validation.nonEmpty(representative.lastName, field: "representative.last_name")
            try Validation.email(representative.email, field: "representative.email")
        }
    }
}

extension CreateAccount: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "seller_reference": .nonEmpty,
            "country": .country,
            "email": .email,
            "business_type": .allowed(["individual", "company", "non_profit", "government_entity"]),
        ]
    }

    /// The cross-field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var objectRules: [SchemaRule] {
        [
            .exactlyOne(of: ["type", "controller"]),
        ]
    }
}
