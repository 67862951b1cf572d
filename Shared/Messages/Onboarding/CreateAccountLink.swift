/// `onboarding.create_account_link`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreateAccountLink: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.create_account_link"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Create a single-use, short-lived Account Link for a connected account. The link is returned only in the reply, never stored or sent elsewhere. HTTPS is required for the URLs with a live key (the service checks that); the message accepts http only for local test pages."

    /// The connected account.
    public var account: String
    /// Where Stripe sends the seller when the link expired or was used; the platform then sends
    /// onboarding.refresh_account_link.
    public var refreshUrl: String
    /// Where Stripe sends the seller after leaving the flow (completion is not implied; send
    /// onboarding.sync_account).
    public var returnUrl: String
    /// `account_onboarding` or `account_update`.
    public var type: AccountLinkType
    /// Which requirements to collect; Stripe's default is currently_due.
    public var collect: AccountLinkCollect?

    /// Creates the command; optional fields default to absent.
    public init(account: String, refreshUrl: String, returnUrl: String, type: AccountLinkType, collect: AccountLinkCollect? = nil) {
        self.account = account
        self.refreshUrl = refreshUrl
        self.returnUrl = returnUrl
        self.type = type
        self.collect = collect
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The connected account.",
        "refresh_url": "Where Stripe sends the seller when the link expired or was used; the platform then sends onboarding.refresh_account_link.",
        "return_url": "Where Stripe sends the seller after leaving the flow (completion is not implied; send onboarding.sync_account).",
        "type": "`account_onboarding` or `account_update`.",
        "collect": "Which requirements to collect; Stripe's default is currently_due.",
    ]

    /// The link and its expiry.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The connected account.
        public var account: String
        /// The single-use link to send the seller to; do not store it.
        public var url: String
        /// When the link stops working.
        public var expiresAt: Int

        /// Creates the result; optional fields default to absent.
        public init(account: String, url: String, expiresAt: Int) {
            self.account = account
            self.url = url
            self.expiresAt = expiresAt
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The connected account.",
            "url": "The single-use link to send the seller to; do not store it.",
            "expires_at": "When the link stops working.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.url(refreshUrl, field: "refresh_url", allowHTTP: true)
        try Validation.url(returnUrl, field: "return_url", allowHTTP: true)
    }
}

extension CreateAccountLink: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account,
            "refresh_url": .url(allowHTTP: true),
            "return_url": .url(allowHTTP: true),
        ]
    }
}
