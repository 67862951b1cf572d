/// `payments.create_product`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreateProduct: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.create_product"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "Create a Product on the connected account, for catalogue set-up."

    /// The seller's connected account; the charge is a direct charge on it.
    public var account: String
    /// Product name shown to buyers.
    public var name: String
    /// Longer description.
    public var description: String?
    /// Stored on the product.
    public var metadata: [String: String]?

    /// Creates the command; optional fields default to absent.
    public init(account: String, name: String, description: String? = nil, metadata: [String: String]? = nil) {
        self.account = account
        self.name = name
        self.description = description
        self.metadata = metadata
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the charge is a direct charge on it.",
        "name": "Product name shown to buyers.",
        "description": "Longer description.",
        "metadata": "Stored on the product.",
    ]

    /// The new product.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account; the charge is a direct charge on it.
        public var account: String
        /// The product id (`prod_…`).
        public var product: String
        /// Product name.
        public var name: String

        /// Creates the result; optional fields default to absent.
        public init(account: String, product: String, name: String) {
            self.account = account
            self.product = product
            self.name = name
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account; the charge is a direct charge on it.",
            "product": "The product id (`prod_…`).",
            "name": "Product name.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.nonEmpty(name, field: "name")
    }
}

extension CreateProduct: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account,
            "name": SchemaRule.nonEmpty.and(.maxLength(StripeLimits.productNameLength)),
        ]
    }
}
