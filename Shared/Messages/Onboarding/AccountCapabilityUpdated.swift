/// `onboarding.account.capability_updated`, described in ``messageDescription`` (the catalogue's text).
public struct AccountCapabilityUpdated: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.account.capability_updated"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "A capability of a connected account changed status (Stripe's `capability.updated`: `inactive` → `pending` → `active`, or `disabled`, `unrequested`). Published once per change, never for a stale or repeated Stripe event."

    /// The connected account.
    public var account: String
    /// The platform's reference of the seller.
    public var sellerReference: String?
    /// The capability, e.g. `card_payments`, `transfers`.
    public var capability: String
    /// Its status now: `active`, `inactive`, `pending`, `unrequested` or `disabled`.
    public var status: String
    /// Its status before, when known.
    public var previousStatus: String?
    /// When Stripe made the change (the event's `created`), Unix seconds.
    public var occurredAt: Int

    /// Creates the event.
    public init(
        account: String, sellerReference: String? = nil, capability: String, status: String,
        previousStatus: String? = nil, occurredAt: Int
    ) {
        self.account = account; self.sellerReference = sellerReference; self.capability = capability
        self.status = status; self.previousStatus = previousStatus; self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The connected account.",
        "seller_reference": "The platform's reference of the seller.",
        "capability": "The capability, e.g. `card_payments`, `transfers`.",
        "status": "Its status now: `active`, `inactive`, `pending`, `unrequested` or `disabled`.",
        "previous_status": "Its status before, when known.",
        "occurred_at": "When Stripe made the change (the event's `created`), Unix seconds.",
    ]
}
