/// `payments.dispute.opened`, described in ``messageDescription`` (the catalogue's text).
public struct DisputeOpened: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.dispute.opened"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "A buyer disputed an order's payment with their bank. A chargeback (`needs_response`) withdraws the amount and Stripe's dispute fee from the seller's balance; an inquiry (`warning_needs_response`) withdraws nothing yet. Answer with payments.submit_dispute_evidence or payments.accept_dispute before evidence_due_by. Published once per dispute."

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
    /// The evidence deadline (Unix seconds), when Stripe gives one.
    public var evidenceDueBy: Int?
    /// True when the platform carries the account's losses (`controller.losses.payments` is `application`), false when Stripe collects them from the seller (`stripe`); absent when the service does not know the account's controller.
    public var platformLiable: Bool?
    /// The PaymentIntent (`pi_…`), when there is one.
    public var paymentIntent: String?
    /// The disputed charge (`ch_…`).
    public var charge: String?
    /// When it happened (the Stripe event's `created`).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        account: String, orderReference: String, dispute: String, amount: Int, currency: String, reason: String, status: DisputeStatus,
        evidenceDueBy: Int? = nil, platformLiable: Bool? = nil, paymentIntent: String? = nil, charge: String? = nil, occurredAt: Int
    ) {
        self.account = account
        self.orderReference = orderReference
        self.dispute = dispute
        self.amount = amount
        self.currency = currency
        self.reason = reason
        self.status = status
        self.evidenceDueBy = evidenceDueBy
        self.platformLiable = platformLiable
        self.paymentIntent = paymentIntent
        self.charge = charge
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name (the shared ones from ``DisputeEventFields``).
    public static let fieldDescriptions = DisputeEventFields.descriptions(
        ["account", "order_reference", "dispute", "amount", "currency", "reason", "status", "platform_liable", "payment_intent", "occurred_at"],
        adding: [
            "evidence_due_by": "The evidence deadline (Unix seconds), when Stripe gives one.",
            "charge": "The disputed charge (`ch_…`).",
        ])
}
