/// `onboarding.account.deauthorized`, described in ``messageDescription`` (the catalogue's text).
public struct AccountDeauthorized: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.account.deauthorized"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "The seller disconnected the platform from its account (`account.application.deauthorized`); no more charges can be made on it."

    /// The connected account.
    public var account: String
    /// The platform's reference of the seller, when known.
    public var sellerReference: String?
    /// When the change happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(account: String, sellerReference: String? = nil, occurredAt: Int) {
        self.account = account
        self.sellerReference = sellerReference
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The connected account.",
        "seller_reference": "The platform's reference of the seller, when known.",
        "occurred_at": "When the change happened (the Stripe event's `created`, or the service's clock).",
    ]
}
