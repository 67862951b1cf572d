/// `onboarding.create_login_link`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` or a ``ReplyError``.
public struct CreateLoginLink: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.create_login_link"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "A single-use link into the Express dashboard (`POST /v1/accounts/{id}/login_links`) for an account whose dashboard is Express (`type` `express` or `controller.stripe_dashboard.type` `express`); any other account is refused with `conflict.not_express_dashboard` (a service-state rule) before Stripe is called. The URL is a secret: it goes only into the reply."

    /// The connected account.
    public var account: String

    /// Creates the command.
    public init(account: String) { self.account = account }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = ["account": "The connected account."]

    /// The link.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The connected account.
        public var account: String
        /// The single-use dashboard URL (a secret: do not log or store it).
        public var url: String
        /// When Stripe created the link, Unix seconds.
        public var created: Int64
        /// Creates the result.
        public init(account: String, url: String, created: Int64) { self.account = account; self.url = url; self.created = created }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The connected account.",
            "url": "The single-use dashboard URL (a secret: do not log or store it).",
            "created": "When Stripe created the link, Unix seconds.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: `validation.invalid_id` for an account that is not `acct_…`.
    public func validate() throws(ReplyError) { try Validation.account(account) }
}

extension CreateLoginLink: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] { ["account": .account] }
}
