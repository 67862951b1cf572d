/// `onboarding.account.onboarding_completed`, described in ``messageDescription`` (the catalogue's text).
public struct AccountOnboardingCompleted: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.account.onboarding_completed"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "The first time a connected account has submitted its details and can take charges; published once per account."

    /// The connected account.
    public var account: String
    /// The platform's reference of the seller, when known.
    public var sellerReference: String?
    /// Stripe's `charges_enabled` (true).
    public var chargesEnabled: Bool
    /// Stripe's `payouts_enabled`.
    public var payoutsEnabled: Bool
    /// When the change happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(account: String, sellerReference: String? = nil, chargesEnabled: Bool, payoutsEnabled: Bool, occurredAt: Int) {
        self.account = account
        self.sellerReference = sellerReference
        self.chargesEnabled = chargesEnabled
        self.payoutsEnabled = payoutsEnabled
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The connected account.",
        "seller_reference": "The platform's reference of the seller, when known.",
        "charges_enabled": "Stripe's `charges_enabled` (true).",
        "payouts_enabled": "Stripe's `payouts_enabled`.",
        "occurred_at": "When the change happened (the Stripe event's `created`, or the service's clock).",
    ]
}
