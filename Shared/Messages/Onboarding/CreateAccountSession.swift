/// `onboarding.create_account_session`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` or a ``ReplyError``.
public struct CreateAccountSession: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.create_account_session"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "An Account Session for Stripe's Connect embedded components (`POST /v1/account_sessions`), at least one component with `enabled` and its features; the reply's `client_secret` is what Connect.js `fetchClientSecret` returns and goes only into the reply (never stored, logged or published). Issuing one counts as onboarding started (see `onboarding.update_account`)."

    /// The connected account.
    public var account: String
    /// The components to enable.
    public var components: EmbeddedComponents

    /// Creates the command.
    public init(account: String, components: EmbeddedComponents) { self.account = account; self.components = components }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The connected account.",
        "components":
            "The components to enable, at least one: `account_onboarding`, `account_management`, `notification_banner`, `payments`, `payouts`, `payment_method_settings`.",
    ]

    /// The session.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The connected account.
        public var account: String
        /// The session's client secret for Connect.js (a secret: do not log or store it).
        public var clientSecret: String
        /// When the session expires, Unix seconds.
        public var expiresAt: Int64
        /// Creates the result.
        public init(account: String, clientSecret: String, expiresAt: Int64) {
            self.account = account; self.clientSecret = clientSecret; self.expiresAt = expiresAt
        }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The connected account.",
            "client_secret": "The session's client secret for Connect.js (a secret: do not log or store it).",
            "expires_at": "When the session expires, Unix seconds.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: `validation.invalid_id` for the account, `validation.missing_field` without a component.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        if components.isEmpty { throw .invalid("components", "enable at least one component", code: ReplyError.Code.missingField) }
    }
}

extension CreateAccountSession: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] { ["account": .account] }
}
