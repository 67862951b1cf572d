/// `onboarding.complete_oauth`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CompleteOAuth: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.complete_oauth"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Completes a Connect OAuth connection: what the platform's OAuth redirect handler sends with the `code` and `state` Stripe appended to the redirect. The state is accepted once (issued by `onboarding.create_oauth_link`, unused, not expired), the code is exchanged at `POST /oauth/token` (connect.stripe.com), and the Standard account is fetched and recorded under the link's seller reference like any created account (publishing `onboarding.account.created`). Refusals: `validation.oauth_state_unknown` (a state this service did not issue), `conflict.oauth_state_used`, `conflict.oauth_state_expired`, `conflict.oauth_code_invalid` (Stripe's `invalid_grant`: a code used already, expired or another platform's; the state is used up), `conflict.duplicate_reference`, `conflict.account_exists`. The tokens Stripe answers with are never stored, logged or published."

    /// The authorization code Stripe appended to the redirect (`ac_…`, single use).
    public var code: String
    /// The `state` Stripe appended to the redirect.
    public var state: String

    /// Creates the command.
    public init(code: String, state: String) {
        self.code = code
        self.state = state
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "code": "The authorization code Stripe appended to the redirect (`ac_…`, single use).",
        "state": "The `state` Stripe appended to the redirect.",
    ]

    /// The connected account as recorded.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The connected account.
        public var account: String
        /// The seller reference it is recorded under.
        public var sellerReference: String
        /// The scope the seller granted.
        public var scope: OAuthScope
        /// Onboarding status now.
        public var status: AccountOnboardingStatus
        /// Stripe's `details_submitted`.
        public var detailsSubmitted: Bool
        /// Stripe's `charges_enabled`.
        public var chargesEnabled: Bool
        /// Stripe's `payouts_enabled`.
        public var payoutsEnabled: Bool

        /// Creates the result.
        public init(
            account: String, sellerReference: String, scope: OAuthScope, status: AccountOnboardingStatus, detailsSubmitted: Bool,
            chargesEnabled: Bool, payoutsEnabled: Bool
        ) {
            self.account = account
            self.sellerReference = sellerReference
            self.scope = scope
            self.status = status
            self.detailsSubmitted = detailsSubmitted
            self.chargesEnabled = chargesEnabled
            self.payoutsEnabled = payoutsEnabled
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The connected account.",
            "seller_reference": "The seller reference it is recorded under.",
            "scope": "The scope the seller granted.",
            "status": "Onboarding status now.",
            "details_submitted": "Stripe's `details_submitted`.",
            "charges_enabled": "Stripe's `charges_enabled`.",
            "payouts_enabled": "Stripe's `payouts_enabled`.",
        ]
    }

    /// The longest `state` accepted (the service issues 43 characters; a longer one is
    /// `validation.too_long`, checked from the schema's limit).
    public static let maximumStateLength = 200

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.id(code, prefix: "ac_", field: "code")
        try Validation.nonEmpty(state, field: "state")
    }
}

extension CompleteOAuth: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["code": .stripeId("ac_"), "state": SchemaRule.nonEmpty.and(.maxLength(maximumStateLength))]
    }
}
