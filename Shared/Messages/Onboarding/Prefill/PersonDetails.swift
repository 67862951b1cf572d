/// A person's details as Stripe takes them for a Person and for an individual account's
/// `individual` (names, contact, date of birth, address, id number); ``IndividualDetails``
/// is this type. The id number is sent to Stripe and never stored here.
public struct PersonDetails: Codable, Sendable, Equatable, FieldDocumented {
    /// First name.
    public var firstName: String?
    /// Last name.
    public var lastName: String?
    /// E-mail address.
    public var email: String?
    /// Phone number, E.164 preferred.
    public var phone: String?
    /// Date of birth (`dob`).
    public var dob: DateOfBirth?
    /// Home address.
    public var address: Address?
    /// Government-issued id number (SSN in the US); sent to Stripe, never stored here.
    public var idNumber: String?

    /// Creates the value; absent parts are not sent.
    public init(
        firstName: String? = nil, lastName: String? = nil, email: String? = nil, phone: String? = nil,
        dob: DateOfBirth? = nil, address: Address? = nil, idNumber: String? = nil
    ) {
        self.firstName = firstName; self.lastName = lastName; self.email = email; self.phone = phone
        self.dob = dob; self.address = address; self.idNumber = idNumber
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "first_name": "First name.",
        "last_name": "Last name.",
        "email": "E-mail address.",
        "phone": "Phone number, E.164 preferred.",
        "dob": "Date of birth.",
        "address": "Home address.",
        "id_number": "Government-issued id number (SSN in the US); sent to Stripe, never stored here.",
    ]

    /// Checks e-mail, date of birth and address.
    /// - Throws: `validation.invalid_value` naming the field under `field`.
    public func validate(field: String) throws(ReplyError) {
        try Validation.email(email, field: "\(field).email")
        try dob?.validateRange(field: "\(field).dob")
        try address?.validate(field: "\(field).address")
    }
}

extension PersonDetails: SchemaConstrained {
    /// The field rules of ``validate(field:)`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] { ["email": .email] }
}
