/// `onboarding.create_oauth_link`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreateOAuthLink: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.create_oauth_link"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "The Connect OAuth authorize URL (`<STRIPE_CONNECT_BASE>/oauth/authorize?response_type=code&client_id=ca_…&scope=…&state=…`, connect.stripe.com unless configured, with the platform's client id) for a seller who already has a Standard account and connects it instead of creating one. The service generates the `state` (a random, single-use value valid for an hour), keeps it with the seller reference and accepts it once in `onboarding.complete_oauth`. A seller reference that already has an account is refused with `conflict.duplicate_reference`; a service without `STRIPE_CONNECT_CLIENT_ID` answers `conflict.oauth_not_configured`."

    /// The platform's own, unique reference of the seller; the connected account is recorded under it.
    public var sellerReference: String
    /// Where Stripe sends the seller back with `code` and `state` (or `error`); it must be one
    /// of the redirect URIs registered in the platform's Connect settings. Absent: the first one
    /// registered there. HTTPS is required with a live key.
    public var redirectUri: String?
    /// `read_write` (the default) or `read_only`.
    public var scope: OAuthScope?
    /// Prefills the e-mail on Stripe's page (`stripe_user[email]`).
    public var email: String?

    /// Creates the command; optional fields default to absent.
    public init(sellerReference: String, redirectUri: String? = nil, scope: OAuthScope? = nil, email: String? = nil) {
        self.sellerReference = sellerReference
        self.redirectUri = redirectUri
        self.scope = scope
        self.email = email
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "seller_reference": "The platform's own, unique reference of the seller; the connected account is recorded under it.",
        "redirect_uri":
            "Where Stripe sends the seller back with `code` and `state` (or `error`); one of the redirect URIs registered in the platform's Connect settings. Absent: the first one registered there. HTTPS is required with a live key.",
        "scope": "`read_write` (the default) or `read_only`.",
        "email": "Prefills the e-mail on Stripe's page (`stripe_user[email]`).",
    ]

    /// The URL to send the seller to, and its state.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller reference the connection is for.
        public var sellerReference: String
        /// The authorize URL to send the seller to.
        public var url: String
        /// The `state` in the URL; Stripe returns it with the code, and onboarding.complete_oauth needs both.
        public var state: String
        /// When the state stops being accepted, Unix seconds.
        public var expiresAt: Int64

        /// Creates the result.
        public init(sellerReference: String, url: String, state: String, expiresAt: Int64) {
            self.sellerReference = sellerReference
            self.url = url
            self.state = state
            self.expiresAt = expiresAt
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "seller_reference": "The seller reference the connection is for.",
            "url": "The authorize URL to send the seller to.",
            "state": "The `state` in the URL; Stripe returns it with the code, and onboarding.complete_oauth needs both.",
            "expires_at": "When the state stops being accepted, Unix seconds.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.nonEmpty(sellerReference, field: "seller_reference")
        try Validation.url(redirectUri, field: "redirect_uri", allowHTTP: true)
        try Validation.email(email)
    }
}

extension CreateOAuthLink: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["seller_reference": .nonEmpty, "redirect_uri": .url(allowHTTP: true), "email": .email]
    }
}
