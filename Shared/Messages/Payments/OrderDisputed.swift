/// `payments.order.disputed`, described in ``messageDescription`` (the catalogue's text).
public struct OrderDisputed: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.order.disputed"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "An order's payment was disputed (published with payments.dispute.opened, for subscribers of payments.order.*: e.g. hold the shipment). The order keeps its state; the dispute's progress is in payments.dispute.*."

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
    /// The PaymentIntent (`pi_…`), when there is one.
    public var paymentIntent: String?
    /// When it happened (the Stripe event's `created`).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        account: String, orderReference: String, dispute: String, amount: Int, currency: String, reason: String, paymentIntent: String? = nil,
        occurredAt: Int
    ) {
        self.account = account
        self.orderReference = orderReference
        self.dispute = dispute
        self.amount = amount
        self.currency = currency
        self.reason = reason
        self.paymentIntent = paymentIntent
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name (from ``DisputeEventFields``).
    public static let fieldDescriptions = DisputeEventFields.descriptions([
        "account", "order_reference", "dispute", "amount", "currency", "reason", "payment_intent", "occurred_at",
    ])
}
