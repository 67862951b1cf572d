/// `terminal.payment.authorized`, described in ``messageDescription`` (the catalogue's text).
public struct TerminalPaymentAuthorized: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.payment.authorized"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "A card-present PaymentIntent was authorized and requires capture (before `capture_before`)."

    /// The point-of-sale order id; one PaymentIntent per order.
    public var orderReference: String
    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?
    /// Amount authorized (`amount_capturable`).
    public var amount: Int
    /// Currency.
    public var currency: String
    /// The reader that read the card.
    public var reader: String?
    /// Unix seconds when the authorization expires (`capture_before`).
    public var captureBefore: Int?
    /// Whether the card allows over-capture (on-receipt tips).
    public var overcaptureSupported: Bool?
    /// When it happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        orderReference: String, paymentIntent: String, account: String? = nil, amount: Int, currency: String, reader: String? = nil,
        captureBefore: Int? = nil, overcaptureSupported: Bool? = nil, occurredAt: Int
    ) {
        self.orderReference = orderReference
        self.paymentIntent = paymentIntent
        self.account = account
        self.amount = amount
        self.currency = currency
        self.reader = reader
        self.captureBefore = captureBefore
        self.overcaptureSupported = overcaptureSupported
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "order_reference": "The point-of-sale order id; one PaymentIntent per order.",
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
        "amount": "Amount authorized (`amount_capturable`).",
        "currency": "Currency.",
        "reader": "The reader that read the card.",
        "capture_before": "Unix seconds when the authorization expires (`capture_before`).",
        "overcapture_supported": "Whether the card allows over-capture (on-receipt tips).",
        "occurred_at": "When it happened (the Stripe event's `created`, or the service's clock).",
    ]
}
