/// A connected account (`object: "account"`). See https://docs.stripe.com/api/accounts/object.
///
/// Unknown fields are ignored; every field but `id` may be absent.
public struct Account: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The account id, `acct_…`.
    public var id: String
    /// Always `account`.
    public var object: String?
    /// The account type, for accounts created with `type`.
    public var type: AccountType?
    /// Who controls the account, for accounts created with controller properties.
    public var controller: Controller?
    /// Two-letter country code.
    public var country: String?
    /// The account's email.
    public var email: String?
    /// `individual`, `company`, `non_profit` or `government_entity`.
    public var businessType: String?
    /// Public business details.
    public var businessProfile: BusinessProfile?
    /// Capability name (e.g. `card_payments`, `transfers`) to status.
    public var capabilities: [String: CapabilityStatus]?
    /// Whether the account can create live charges.
    public var chargesEnabled: Bool?
    /// Whether Stripe can pay out to the account.
    public var payoutsEnabled: Bool?
    /// Whether onboarding details were submitted.
    public var detailsSubmitted: Bool?
    /// Three-letter currency code, lower case.
    public var defaultCurrency: String?
    /// What Stripe needs now.
    public var requirements: Requirements?
    /// What Stripe will need after upcoming changes.
    public var futureRequirements: Requirements?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, type: AccountType? = nil, controller: Controller? = nil,
        country: String? = nil, email: String? = nil, businessType: String? = nil,
        businessProfile: BusinessProfile? = nil, capabilities: [String: CapabilityStatus]? = nil,
        chargesEnabled: Bool? = nil, payoutsEnabled: Bool? = nil, detailsSubmitted: Bool? = nil,
        defaultCurrency: String? = nil, requirements: Requirements? = nil,
        futureRequirements: Requirements? = nil, metadata: [String: String]? = nil, created: Int? = nil
    ) {
        self.id = id
        self.object = object
        self.type = type
        self.controller = controller
        self.country = country
        self.email = email
        self.businessType = businessType
        self.businessProfile = businessProfile
        self.capabilities = capabilities
        self.chargesEnabled = chargesEnabled
        self.payoutsEnabled = payoutsEnabled
        self.detailsSubmitted = detailsSubmitted
        self.defaultCurrency = defaultCurrency
        self.requirements = requirements
        self.futureRequirements = futureRequirements
        self.metadata = metadata
        self.created = created
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case type
        case controller
        case country
        case email
        case businessType = "business_type"
        case businessProfile = "business_profile"
        case capabilities
        case chargesEnabled = "charges_enabled"
        case payoutsEnabled = "payouts_enabled"
        case detailsSubmitted = "details_submitted"
        case defaultCurrency = "default_currency"
        case requirements
        case futureRequirements = "future_requirements"
        case metadata
        case created
    }
}
