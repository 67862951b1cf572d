/// The person who represents the seller, created as a Person with
/// `relationship[representative]=true` before any link exists (Stripe API reference: Persons).
public struct Representative: Codable, Sendable, Equatable, FieldDocumented {
    /// First name.
    public var firstName: String
    /// Last name.
    public var lastName: String
    /// E-mail address.
    public var email: String?
    /// Phone number, E.164 preferred.
    public var phone: String?
    /// Job title (`relationship[title]`).
    public var title: String?
    /// Date of birth.
    public var dateOfBirth: DateOfBirth?

    /// Creates the value; optional fields default to absent.
    public init(
        firstName: String, lastName: String, email: String? = nil, phone: String? = nil, title: String? = nil, dateOfBirth: DateOfBirth? = nil
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.title = title
        self.dateOfBirth = dateOfBirth
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "first_name": "First name.",
        "last_name": "Last name.",
        "email": "E-mail address.",
        "phone": "Phone number, E.164 preferred.",
        "title": "Job title (`relationship[title]`).",
        "date_of_birth": "Date of birth.",
    ]
}

extension Representative: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "first_name": .nonEmpty,
            "last_name": .nonEmpty,
            "email": .email,
        ]
    }
}
