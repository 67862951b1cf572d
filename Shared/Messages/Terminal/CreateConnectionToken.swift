/// `terminal.create_connection_token`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreateConnectionToken: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.create_connection_token"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Create a Terminal connection token: the secret the Terminal SDK (iOS, Android, JS) asks its backend for, optionally restricted to a location."

    /// Restrict the token to readers of this location (`tml_…`).
    public var location: String?
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?

    /// Creates the command; optional fields default to absent.
    public init(location: String? = nil, account: String? = nil) {
        self.location = location
        self.account = account
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "location": "Restrict the token to readers of this location (`tml_…`).",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
    ]

    /// The connection token.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The connection token secret for the Terminal SDK; short-lived, do not store.
        public var secret: String
        /// The location it is restricted to.
        public var location: String?

        /// Creates the result; optional fields default to absent.
        public init(secret: String, location: String? = nil) {
            self.secret = secret
            self.location = location
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "secret": "The connection token secret for the Terminal SDK; short-lived, do not store.",
            "location": "The location it is restricted to.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.id(location, prefix: "tml_", field: "location")
        try Validation.id(account, prefix: "acct_", field: "account")
    }
}

extension CreateConnectionToken: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "location": .stripeId("tml_"),
            "account": .account,
        ]
    }
}
