/// `onboarding.account.requirements_due`, described in ``messageDescription`` (the catalogue's text).
public struct AccountRequirementsDue: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.account.requirements_due"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Stripe needs more information from the seller (requirements currently due or past due, or future requirements whose deadline came into view: once per deadline); notifications e-mails the seller to finish setting up the account, naming the deadline."

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
    /// `requirements.pending_verification`: given, Stripe is checking them.
    public var pendingVerification: [String]?
    /// `future_requirements.currently_due` (or `eventually_due`): what a coming change
    /// (a new regulation) will need, when this event announces its deadline.
    public var futureDue: [String]?
    /// `future_requirements.current_deadline`: Unix seconds by which `future_due` must be given.
    public var futureDeadline: Int?

    /// Creates the event; optional fields default to absent.
    public init(
        account: String, sellerReference: String? = nil, email: String? = nil, currentlyDue: [String], pastDue: [String],
        disabledReason: String? = nil, currentDeadline: Int? = nil, occurredAt: Int, pendingVerification: [String]? = nil, futureDue: [String]? = nil,
        futureDeadline: Int? = nil
    ) {
        self.account = account
        self.sellerReference = sellerReference
        self.email = email
        self.currentlyDue = currentlyDue
        self.pastDue = pastDue
        self.disabledReason = disabledReason
        self.currentDeadline = currentDeadline
        self.occurredAt = occurredAt
        self.pendingVerification = pendingVerification
        self.futureDue = futureDue
        self.futureDeadline = futureDeadline
    }

    /// The deadline the seller must meet: the earlier of `current_deadline` and `future_deadline`.
    public var deadline: Int? {
        [currentDeadline, futureDeadline].compactMap { $0 }.min()
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
        "pending_verification": "Given fields Stripe is still verifying (`requirements.pending_verification`).",
        "future_due": "What a coming change will need (`future_requirements`), when this event announces its deadline.",
        "future_deadline": "Unix seconds by which `future_due` must be given (`future_requirements.current_deadline`).",
    ]
}
