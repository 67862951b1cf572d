/// `terminal.payment.canceled`, described in ``messageDescription`` (the catalogue's text).
public struct TerminalPaymentCanceled: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.payment.canceled"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "A card-present PaymentIntent was canceled (by command, by reconciliation or by Stripe after the authorization expired)."

    /// The point-of-sale order id; one PaymentIntent per order.
    public var orderReference: String
    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?
    /// Amount that was authorized or asked.
    public var amount: Int
    /// Currency.
    public var currency: String
    /// Stripe's `cancellation_reason`, e.g. abandoned or automatic.
    public var cancellationReason: String?
    /// When it happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        orderReference: String, paymentIntent: String, account: String? = nil, amount: Int, currency: String, cancellationReason: String? = nil,
        occurredAt: Int
    ) {
        self.orderReference = orderReference
        self.paymentIntent = paymentIntent
        self.account = account
        self.amount = amount
        self.currency = currency
        self.cancellationReason = cancellationReason
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "order_reference": "The point-of-sale order id; one PaymentIntent per order.",
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
        "amount": "Amount that was authorized or asked.",
        "currency": "Currency.",
        "cancellation_reason": "Stripe's `cancellation_reason`, e.g. abandoned or automatic.",
        "occurred_at": "When it happened (the Stripe event's `created`, or the service's clock).",
    ]
}
