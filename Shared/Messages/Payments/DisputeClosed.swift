/// `payments.dispute.closed`, described in ``messageDescription`` (the catalogue's text).
public struct DisputeClosed: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.dispute.closed"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "A dispute on an order's payment was decided: won (the payment stands; also an inquiry closed without a chargeback) or lost (the buyer keeps the money, also when it was accepted). Published once per dispute."

    /// The seller's connected account; the disputed charge is a direct charge on it.
    public var account: String
    /// The platform's order id of the disputed payment.
    public var orderReference: String
    /// The dispute (`dp_…`).
    public var dispute: String
    /// Disputed amount, in the smallest currency unit.
    public var amount: Int
    /// Three-letter currency code, lowercase.
    public var currency: String
    /// Stripe's category of the dispute: `fraudulent`, `product_not_received`, `general`, … (https://docs.stripe.com/disputes/categories).
    public var reason: String
    /// The dispute's status.
    public var status: DisputeStatus
    /// `won` or `lost`.
    public var outcome: DisputeOutcome
    /// True when the platform carries the account's losses (`controller.losses.payments` is `application`), false when Stripe collects them from the seller (`stripe`); absent when the service does not know the account's controller.
    public var platformLiable: Bool?
    /// When it happened (the Stripe event's `created`).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        account: String, orderReference: String, dispute: String, amount: Int, currency: String, reason: String, status: DisputeStatus,
        outcome: DisputeOutcome, platformLiable: Bool? = nil, occurredAt: Int
    ) {
        self.account = account
        self.orderReference = orderReference
        self.dispute = dispute
        self.amount = amount
        self.currency = currency
        self.reason = reason
        self.status = status
        self.outcome = outcome
        self.platformLiable = platformLiable
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name (the shared ones from ``DisputeEventFields``).
    public static let fieldDescriptions = DisputeEventFields.descriptions(
        ["account", "order_reference", "dispute", "amount", "currency", "reason", "status", "platform_liable", "occurred_at"],
        adding: [
            "outcome": "`won` or `lost`."
        ])
}
