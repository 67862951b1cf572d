/// `terminal.payment.method_collected`, described in ``messageDescription`` (the catalogue's text).
public struct TerminalPaymentMethodCollected: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.payment.method_collected"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "A server-driven reader read a card for a PaymentIntent (`terminal.collect_payment_method`); nothing is charged yet. Inspect it and send `terminal.confirm_payment` within 30 seconds, or cancel the reader action."

    /// The point-of-sale order id; one PaymentIntent per order.
    public var orderReference: String
    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// The seller's connected account, for a direct charge.
    public var account: String?
    /// The reader (`tmr_…`).
    public var reader: String
    /// The collected PaymentMethod (`pm_…`).
    public var paymentMethod: String?
    /// Card brand (`visa`, `mastercard`, …).
    public var brand: String?
    /// Last four digits of the card.
    public var last4: String?
    /// `credit`, `debit`, `prepaid` or `unknown`.
    public var funding: String?
    /// The wallet (`apple_pay`, `google_pay`, `samsung_pay`, …) when the card was in one.
    public var walletType: String?
    /// When it happened (the Stripe event's `created`).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        orderReference: String, paymentIntent: String, account: String? = nil, reader: String, paymentMethod: String? = nil,
        brand: String? = nil, last4: String? = nil, funding: String? = nil, walletType: String? = nil, occurredAt: Int
    ) {
        self.orderReference = orderReference
        self.paymentIntent = paymentIntent
        self.account = account
        self.reader = reader
        self.paymentMethod = paymentMethod
        self.brand = brand
        self.last4 = last4
        self.funding = funding
        self.walletType = walletType
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "order_reference": "The point-of-sale order id; one PaymentIntent per order.",
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "account": "The seller's connected account, for a direct charge.",
        "reader": "The reader (`tmr_…`).",
        "payment_method": "The collected PaymentMethod (`pm_…`).",
        "brand": "Card brand (`visa`, `mastercard`, …).",
        "last4": "Last four digits of the card.",
        "funding": "`credit`, `debit`, `prepaid` or `unknown`.",
        "wallet_type": "The wallet (`apple_pay`, `google_pay`, `samsung_pay`, …) when the card was in one.",
        "occurred_at": "When it happened (the Stripe event's `created`).",
    ]
}
