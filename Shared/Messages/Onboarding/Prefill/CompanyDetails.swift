/// The company an account represents (Stripe API reference: Accounts, `company`), prefilled.
/// Only for `business_type` `company`, `non_profit` or `government_entity`.
public struct CompanyDetails: Codable, Sendable, Equatable, FieldDocumented {
    /// The company's legal name.
    public var name: String?
    /// The company's phone number.
    public var phone: String?
    /// The business id number (EIN in the US); sent to Stripe, never stored here.
    public var taxId: String?
    /// The company's registered address.
    public var address: Address?
    /// Whether every director is provided as a Person (`company[directors_provided]`).
    public var directorsProvided: Bool?
    /// Whether every owner is provided as a Person (`company[owners_provided]`).
    public var ownersProvided: Bool?
    /// Whether every executive is provided as a Person (`company[executives_provided]`).
    public var executivesProvided: Bool?

    /// Creates the value; absent parts are not sent.
    public init(
        name: String? = nil, phone: String? = nil, taxId: String? = nil, address: Address? = nil,
        directorsProvided: Bool? = nil, ownersProvided: Bool? = nil, executivesProvided: Bool? = nil
    ) {
        self.name = name; self.phone = phone; self.taxId = taxId; self.address = address
        self.directorsProvided = directorsProvided; self.ownersProvided = ownersProvided
        self.executivesProvided = executivesProvided
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "name": "The company's legal name.",
        "phone": "The company's phone number.",
        "tax_id": "The business id number (EIN in the US); sent to Stripe, never stored here.",
        "address": "The company's registered address.",
        "directors_provided": "Whether every director is provided as a Person (`company[directors_provided]`).",
        "owners_provided": "Whether every owner is provided as a Person (`company[owners_provided]`).",
        "executives_provided": "Whether every executive is provided as a Person (`company[executives_provided]`).",
    ]
}
