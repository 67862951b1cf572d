/// `payments.dispute.evidence_due_soon`, described in ``messageDescription`` (the catalogue's text).
public struct DisputeEvidenceDueSoon: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.dispute.evidence_due_soon"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "A dispute still awaiting evidence is due soon: published once per dispute, DISPUTE_EVIDENCE_REMINDER before evidence_due_by (default 3 days), unless evidence was submitted or the dispute accepted or closed first."

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
    /// The evidence deadline (Unix seconds).
    public var evidenceDueBy: Int
    /// Whether a draft of evidence is staged.
    public var hasEvidence: Bool
    /// When it happened (the Stripe event's `created`).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        account: String, orderReference: String, dispute: String, amount: Int, currency: String, reason: String, status: DisputeStatus,
        evidenceDueBy: Int, hasEvidence: Bool, occurredAt: Int
    ) {
        self.account = account
        self.orderReference = orderReference
        self.dispute = dispute
        self.amount = amount
        self.currency = currency
        self.reason = reason
        self.status = status
        self.evidenceDueBy = evidenceDueBy
        self.hasEvidence = hasEvidence
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name (the shared ones from ``DisputeEventFields``).
    public static let fieldDescriptions = DisputeEventFields.descriptions(
        ["account", "order_reference", "dispute", "amount", "currency", "reason", "status", "occurred_at"],
        adding: [
            "evidence_due_by": "The evidence deadline (Unix seconds).",
            "has_evidence": "Whether a draft of evidence is staged.",
        ])
}
