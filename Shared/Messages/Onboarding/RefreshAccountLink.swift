/// `onboarding.refresh_account_link`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct RefreshAccountLink: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.refresh_account_link"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Issue a new Account Link with the same parameters as the last one created for the account; what a `refresh_url` handler calls when a link expired or was already used."

    /// The connected account.
    public var account: String

    /// Creates the command; optional fields default to absent.
    public init(account: String) {
        self.account = account
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The connected account."
    ]

    /// The new link and its expiry (same shape as onboarding.create_account_link's result).
    public typealias Result = CreateAccountLink.Result

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
    }
}

extension RefreshAccountLink: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account
        ]
    }
}
