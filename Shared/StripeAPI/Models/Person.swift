/// A person of a connected account (`object: "person"`): representative, owner,
/// director or executive. See https://docs.stripe.com/api/persons/object.
public struct Person: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The person id, `person_…`.
    public var id: String
    /// Always `person`.
    public var object: String?
    /// The connected account id.
    public var account: String?
    /// First name.
    public var firstName: String?
    /// Last name.
    public var lastName: String?
    /// Email.
    public var email: String?
    /// Phone.
    public var phone: String?
    /// How the person relates to the account.
    public var relationship: PersonRelationship?
    /// What Stripe needs about this person.
    public var requirements: Account.Requirements?
    /// Identity verification state.
    public var verification: PersonVerification?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, account: String? = nil, firstName: String? = nil,
        lastName: String? = nil, email: String? = nil, phone: String? = nil,
        relationship: PersonRelationship? = nil, requirements: Account.Requirements? = nil,
        verification: PersonVerification? = nil, metadata: [String: String]? = nil, created: Int? = nil
    ) {
        self.id = id
        self.object = object
        self.account = account
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.relationship = relationship
        self.requirements = requirements
        self.verification = verification
        self.metadata = metadata
        self.created = created
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case account
        case firstName = "first_name"
        case lastName = "last_name"
        case email
        case phone
        case relationship
        case requirements
        case verification
        case metadata
        case created
    }
}

/// How a person relates to a connected account.
public struct PersonRelationship: Codable, Sendable, Equatable {
    /// The person who can act for the account.
    public var representative: Bool?
    /// Owns at least 25 % of the business.
    public var owner: Bool?
    /// A director of the company.
    public var director: Bool?
    /// Has significant control over the business.
    public var executive: Bool?
    /// Job title.
    public var title: String?
    /// Percentage owned, 0–100.
    public var percentOwnership: Double?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        representative: Bool? = nil, owner: Bool? = nil, director: Bool? = nil, executive: Bool? = nil,
        title: String? = nil, percentOwnership: Double? = nil
    ) {
        self.representative = representative
        self.owner = owner
        self.director = director
        self.executive = executive
        self.title = title
        self.percentOwnership = percentOwnership
    }

    enum CodingKeys: String, CodingKey {
        case representative
        case owner
        case director
        case executive
        case title
        case percentOwnership = "percent_ownership"
    }
}

/// Identity verification state of a person.
public struct PersonVerification: Codable, Sendable, Equatable {
    /// `unverified`, `pending` or `verified`.
    public var status: String?
    /// A human-readable explanation when unverified.
    public var details: String?
    /// A machine-readable code when unverified.
    public var detailsCode: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(status: String? = nil, details: String? = nil, detailsCode: String? = nil) {
        self.status = status
        self.details = details
        self.detailsCode = detailsCode
    }

    enum CodingKeys: String, CodingKey {
        case status
        case details
        case detailsCode = "details_code"
    }
}
