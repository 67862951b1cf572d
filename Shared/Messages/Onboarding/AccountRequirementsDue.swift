/// `onboarding.account.requirements_due`: Stripe needs more information from the seller
/// (requirements currently due or past due); notifications e-mails the seller to finish setting up
/// the account.
public struct AccountRequirementsDue: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.account.requirements_due"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "Stripe needs more information from the seller (requirements currently due or past due); notifications e-mails the seller to finish setting up the account."

    /// The connected account.
    public var account: String
    /// The platform's reference of the seller, when known.
    public var sellerReference: String?
    /// Where to tell the seller, when known.
    public var email: String?
    /// Fields due now.
    public var currentlyDue: [String]
    /// Fields past their deadline.
    public var pastDue: [String]
    /// Why the account is disabled, if it is.
    public var disabledReason: String?
    /// Unix seconds by which the fields are due, if any.
    public var currentDeadline: Int?
    /// When the change happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(account: String, sellerReference: String? = nil, email: String? = nil, currentlyDue: [String], pastDue: [String], disabledReason: String? = nil, currentDeadline: Int? = nil, occurredAt: Int) {
        self.account = account
        self.sellerReference = sellerReference
        self.email = email
        self.currentlyDue = currentlyDue
        self.pastDue = pastDue
        self.disabledReason = disabledReason
        self.currentDeadline = currentDeadline
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The connected account.",
        "seller_reference": "The platform's reference of the seller, when known.",
        "email": "Where to tell the seller, when known.",
        "currently_due": "Fields due now.",
        "past_due": "Fields past their deadline.",
        "disabled_reason": "Why the account is disabled, if it is.",
        "current_deadline": "Unix seconds by which the fields are due, if any.",
        "occurred_at": "When the change happened (the Stripe event's `created`, or the service's clock).",
    ]
}
