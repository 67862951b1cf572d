/// `terminal.payment.captured`, described in ``messageDescription`` (the catalogue's text).
public struct TerminalPaymentCaptured: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.payment.captured"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "A card-present payment was captured (once; partial and over-captures included)."

    /// The point-of-sale order id; one PaymentIntent per order.
    public var orderReference: String
    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?
    /// Amount captured.
    public var amountCaptured: Int
    /// Amount that was authorized.
    public var amountAuthorized: Int?
    /// Currency.
    public var currency: String
    /// The platform's application fee.
    public var applicationFeeAmount: Int?
    /// When it happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        orderReference: String, paymentIntent: String, account: String? = nil, amountCaptured: Int, amountAuthorized: Int? = nil, currency: String,
        applicationFeeAmount: Int? = nil, occurredAt: Int
    ) {
        self.orderReference = orderReference
        self.paymentIntent = paymentIntent
        self.account = account
        self.amountCaptured = amountCaptured
        self.amountAuthorized = amountAuthorized
        self.currency = currency
        self.applicationFeeAmount = applicationFeeAmount
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "order_reference": "The point-of-sale order id; one PaymentIntent per order.",
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
        "amount_captured": "Amount captured.",
        "amount_authorized": "Amount that was authorized.",
        "currency": "Currency.",
        "application_fee_amount": "The platform's application fee.",
        "occurred_at": "When it happened (the Stripe event's `created`, or the service's clock).",
    ]
}
