/// How a person relates to the account (Stripe API reference: Persons, `relationship`).
/// A new person needs at least one role: `representative`, `owner`, `director` or `executive`.
public struct PersonRelationship: Codable, Sendable, Equatable, FieldDocumented {
    /// The person who can act for the business and agrees to Stripe's terms (one per account).
    public var representative: Bool?
    /// Owns at least 25% of the company.
    public var owner: Bool?
    /// A member of the governing board.
    public var director: Bool?
    /// Has significant responsibility to control, manage or direct the organisation.
    public var executive: Bool?
    /// Percent of the company the person owns, 0–100.
    public var percentOwnership: Double?
    /// The person's title (e.g. CEO).
    public var title: String?

    /// Creates the value; absent parts are not sent.
    public init(
        representative: Bool? = nil, owner: Bool? = nil, director: Bool? = nil, executive: Bool? = nil,
        percentOwnership: Double? = nil, title: String? = nil
    ) {
        self.representative = representative; self.owner = owner; self.director = director
        self.executive = executive; self.percentOwnership = percentOwnership; self.title = title
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "representative": "The person who can act for the business and agrees to Stripe's terms (one per account).",
        "owner": "Owns at least 25% of the company.",
        "director": "A member of the governing board.",
        "executive": "Has significant responsibility to control, manage or direct the organisation.",
        "percent_ownership": "Percent of the company the person owns, 0–100.",
        "title": "The person's title (e.g. CEO).",
    ]

    /// Whether at least one role flag is true.
    public var hasRole: Bool { [representative, owner, director, executive].contains(true) }

    /// The roles, for the catalogue: a new person has at least one of them `true`.
    public static let roles = ["representative", "owner", "director", "executive"]

    /// Checks the ownership range.
    /// - Throws: `validation.invalid_value` naming `<field>.percent_ownership`.
    public func validate(field: String) throws(ReplyError) {
        if let p = percentOwnership, !(0...100).contains(p) {
            throw .invalid("\(field).percent_ownership", "must be 0 to 100")
        }
    }

    /// The schema of "at least one role is true".
    public static var hasRoleRule: SchemaRule {
        SchemaRule([
            "anyOf": .array(
                roles.map { role in
                    .object(["required": .array([.string(role)]), "properties": .object([role: .object(["const": .bool(true)])])])
                })
        ])
    }
}

extension PersonRelationship: SchemaConstrained {
    /// The field rules of ``validate(field:)`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["percent_ownership": SchemaRule(["minimum": .int(0), "maximum": .int(100)])]
    }
}
