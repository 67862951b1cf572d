/// `terminal.payment.declined`, described in ``messageDescription`` (the catalogue's text).
public struct TerminalPaymentDeclined: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.payment.declined"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "The card was declined; the PaymentIntent is `requires_payment_method` and the next attempt reuses it."

    /// The point-of-sale order id; one PaymentIntent per order.
    public var orderReference: String
    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?
    /// Amount that was asked.
    public var amount: Int
    /// Currency.
    public var currency: String
    /// The reader.
    public var reader: String?
    /// The issuer's decline code.
    public var declineCode: String?
    /// Stripe's error code.
    public var failureCode: String?
    /// Stripe's message, safe to show.
    public var failureMessage: String?
    /// When it happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        orderReference: String, paymentIntent: String, account: String? = nil, amount: Int, currency: String, reader: String? = nil,
        declineCode: String? = nil, failureCode: String? = nil, failureMessage: String? = nil, occurredAt: Int
    ) {
        self.orderReference = orderReference
        self.paymentIntent = paymentIntent
        self.account = account
        self.amount = amount
        self.currency = currency
        self.reader = reader
        self.declineCode = declineCode
        self.failureCode = failureCode
        self.failureMessage = failureMessage
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "order_reference": "The point-of-sale order id; one PaymentIntent per order.",
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
        "amount": "Amount that was asked.",
        "currency": "Currency.",
        "reader": "The reader.",
        "decline_code": "The issuer's decline code.",
        "failure_code": "Stripe's error code.",
        "failure_message": "Stripe's message, safe to show.",
        "occurred_at": "When it happened (the Stripe event's `created`, or the service's clock).",
    ]
}
