/// `onboarding.sync_account`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct SyncAccount: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.sync_account"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Re-fetch the connected account from Stripe and update its onboarding status; what a `return_url` handler calls, since returning says nothing about completion. Publishes onboarding.account.updated (and onboarding_completed / requirements_due) when something changed."

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

    /// The account's state as Stripe reports it now.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The connected account.
        public var account: String
        /// Onboarding status after the sync.
        public var status: AccountOnboardingStatus
        /// Stripe's `details_submitted`.
        public var detailsSubmitted: Bool
        /// Stripe's `charges_enabled`.
        public var chargesEnabled: Bool
        /// Stripe's `payouts_enabled`.
        public var payoutsEnabled: Bool
        /// What Stripe still needs.
        public var requirements: AccountRequirements
        /// True when the sync changed the stored state.
        public var changed: Bool

        /// Creates the result; optional fields default to absent.
        public init(
            account: String, status: AccountOnboardingStatus, detailsSubmitted: Bool, chargesEnabled: Bool, payoutsEnabled: Bool,
            requirements: AccountRequirements, changed: Bool
        ) {
            self.account = account
            self.status = status
            self.detailsSubmitted = detailsSubmitted
            self.chargesEnabled = chargesEnabled
            self.payoutsEnabled = payoutsEnabled
            self.requirements = requirements
            self.changed = changed
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The connected account.",
            "status": "Onboarding status after the sync.",
            "details_submitted": "Stripe's `details_submitted`.",
            "charges_enabled": "Stripe's `charges_enabled`.",
            "payouts_enabled": "Stripe's `payouts_enabled`.",
            "requirements": "What Stripe still needs.",
            "changed": "True when the sync changed the stored state.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
    }
}

extension SyncAccount: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account
        ]
    }
}
