/// `payments.order.refunded`, described in ``messageDescription`` (the catalogue's text).
public struct OrderRefunded: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.order.refunded"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "Some or all of the order's payment was refunded."

    /// The seller's connected account; the charge is a direct charge on it.
    public var account: String
    /// The platform's order id.
    public var orderReference: String
    /// Amount of this refund.
    public var amount: Int
    /// Everything refunded on the order so far.
    public var amountRefundedTotal: Int
    /// Currency.
    public var currency: String
    /// The platform's application fee, at most the amount.
    public var applicationFeeAmount: Int?
    /// The Refund id (`re_…`).
    public var refund: String?
    /// The PaymentIntent (`pi_…`), when there is one.
    public var paymentIntent: String?
    /// True when nothing is left to refund.
    public var fullyRefunded: Bool
    /// When it happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        account: String, orderReference: String, amount: Int, amountRefundedTotal: Int, currency: String, applicationFeeAmount: Int? = nil,
        refund: String? = nil, paymentIntent: String? = nil, fullyRefunded: Bool, occurredAt: Int
    ) {
        self.account = account
        self.orderReference = orderReference
        self.amount = amount
        self.amountRefundedTotal = amountRefundedTotal
        self.currency = currency
        self.applicationFeeAmount = applicationFeeAmount
        self.refund = refund
        self.paymentIntent = paymentIntent
        self.fullyRefunded = fullyRefunded
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the charge is a direct charge on it.",
        "order_reference": "The platform's order id.",
        "amount": "Amount of this refund.",
        "amount_refunded_total": "Everything refunded on the order so far.",
        "currency": "Currency.",
        "application_fee_amount": "The platform's application fee, at most the amount.",
        "refund": "The Refund id (`re_…`).",
        "payment_intent": "The PaymentIntent (`pi_…`), when there is one.",
        "fully_refunded": "True when nothing is left to refund.",
        "occurred_at": "When it happened (the Stripe event's `created`, or the service's clock).",
    ]
}
