/// `onboarding.account.updated`, described in ``messageDescription`` (the catalogue's text).
public struct AccountUpdated: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.account.updated"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "A connected account's onboarding state changed (from a webhook or a sync); carries the new state and the names of the fields that changed. Never published for an older state than the one already known."

    /// The connected account.
    public var account: String
    /// The platform's reference of the seller, when known.
    public var sellerReference: String?
    /// Onboarding status now.
    public var status: AccountOnboardingStatus
    /// Stripe's `details_submitted`.
    public var detailsSubmitted: Bool
    /// Stripe's `charges_enabled`.
    public var chargesEnabled: Bool
    /// Stripe's `payouts_enabled`.
    public var payoutsEnabled: Bool
    /// What Stripe still needs.
    public var requirements: AccountRequirements
    /// Wire names of the fields that changed, e.g. `charges_enabled`, `requirements`.
    public var changedFields: [String]
    /// When the change happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int
    /// The account's two-letter ISO 3166-1 country, when known (readers decide regional
    /// rules from it, e.g. the terminal gateway's Interac in Canada).
    public var country: String?

    /// Creates the event; optional fields default to absent.
    public init(
        account: String, sellerReference: String? = nil, status: AccountOnboardingStatus, detailsSubmitted: Bool, chargesEnabled: Bool,
        payoutsEnabled: Bool, requirements: AccountRequirements, changedFields: [String], occurredAt: Int,
        country: String? = nil
    ) {
        self.country = country
        self.account = account
        self.sellerReference = sellerReference
        self.status = status
        self.detailsSubmitted = detailsSubmitted
        self.chargesEnabled = chargesEnabled
        self.payoutsEnabled = payoutsEnabled
        self.requirements = requirements
        self.changedFields = changedFields
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The connected account.",
        "country":
            "The account's two-letter ISO 3166-1 country, when known (readers decide regional rules from it, e.g. the terminal gateway's Interac in Canada).",
        "seller_reference": "The platform's reference of the seller, when known.",
        "status": "Onboarding status now.",
        "details_submitted": "Stripe's `details_submitted`.",
        "charges_enabled": "Stripe's `charges_enabled`.",
        "payouts_enabled": "Stripe's `payouts_enabled`.",
        "requirements": "What Stripe still needs.",
        "changed_fields": "Wire names of the fields that changed, e.g. `charges_enabled`, `requirements`.",
        "occurred_at": "When the change happened (the Stripe event's `created`, or the service's clock).",
    ]
}
