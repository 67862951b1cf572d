/// `onboarding.add_person`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` or a ``ReplyError``.
public struct AddPerson: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.add_person"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Add a person to a connected account (`POST /v1/accounts/{id}/persons`): an owner, director, executive or the representative, as the requirements ask, with at least one role true in `relationship`. A redelivered command replays the same person (same `Idempotency-Key`)."

    /// The connected account.
    public var account: String
    /// The person's details.
    public var person: PersonDetails
    /// The person's roles; at least one of representative, owner, director, executive is true.
    public var relationship: PersonRelationship

    /// Creates the command.
    public init(account: String, person: PersonDetails, relationship: PersonRelationship) {
        self.account = account; self.person = person; self.relationship = relationship
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The connected account.",
        "person": "The person's details.",
        "relationship":
            "The person's roles: at least one of `representative`, `owner`, `director`, `executive` true; `percent_ownership` 0–100, `title`.",
    ]

    /// The person Stripe created (or replayed).
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The connected account.
        public var account: String
        /// The person, `person_…`.
        public var person: String
        /// Creates the result.
        public init(account: String, person: String) { self.account = account; self.person = person }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The connected account.",
            "person": "The person, `person_…`.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try person.validate(field: "person")
        guard relationship.hasRole else {
            throw .invalid("relationship", "give at least one role: representative, owner, director or executive", code: ReplyError.Code.missingField)
        }
        try relationship.validate(field: "relationship")
    }
}

extension AddPerson: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["account": .account, "relationship": PersonRelationship.hasRoleRule]
    }
}
