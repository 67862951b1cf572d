/// What the seller's business looks like to buyers (Stripe API reference: Accounts,
/// `business_profile`).
public struct BusinessProfile: Codable, Sendable, Equatable, FieldDocumented {
    /// Customer-facing business name.
    public var name: String?
    /// The business's website.
    public var url: String?
    /// Merchant category code (four digits).
    public var mcc: String?
    /// What the business sells.
    public var productDescription: String?
    /// Support e-mail shown to buyers.
    public var supportEmail: String?

    /// Creates the value; optional fields default to absent.
    public init(name: String? = nil, url: String? = nil, mcc: String? = nil, productDescription: String? = nil, supportEmail: String? = nil) {
        self.name = name
        self.url = url
        self.mcc = mcc
        self.productDescription = productDescription
        self.supportEmail = supportEmail
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "name": "Customer-facing business name.",
        "url": "The business's website.",
        "mcc": "Merchant category code (four digits).",
        "product_description": "What the business sells.",
        "support_email": "Support e-mail shown to buyers.",
    ]
}

extension BusinessProfile: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "url": .url(),
            "support_email": .email,
        ]
    }
}
