/// `onboarding.update_person`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``AddPerson/Result`` or a ``ReplyError``.
public struct UpdatePerson: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.update_person"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Change a person of a connected account (`POST /v1/accounts/{id}/persons/{person}`): details, roles, ownership, title; at least one of `details` and `relationship`."

    /// The connected account.
    public var account: String
    /// The person, `person_…`.
    public var person: String
    /// Details to change.
    public var details: PersonDetails?
    /// Roles to change (only the given flags change).
    public var relationship: PersonRelationship?

    /// Creates the command.
    public init(account: String, person: String, details: PersonDetails? = nil, relationship: PersonRelationship? = nil) {
        self.account = account; self.person = person; self.details = details; self.relationship = relationship
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The connected account.",
        "person": "The person, `person_…`.",
        "details": "Details to change.",
        "relationship": "Roles to change (only the given flags change); `percent_ownership` 0–100.",
    ]

    /// The reply.
    public typealias Result = AddPerson.Result

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.id(person, prefix: "person_", field: "person")
        if details == nil, relationship == nil {
            throw .invalid("details", "give details or relationship", code: ReplyError.Code.missingField)
        }
        try details?.validate(field: "details")
        try relationship?.validate(field: "relationship")
    }
}

extension UpdatePerson: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] { ["account": .account, "person": .stripeId("person_")] }
    /// The cross-field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var objectRules: [SchemaRule] {
        [SchemaRule(["anyOf": [["required": ["details"]], ["required": ["relationship"]]]])]
    }
}
