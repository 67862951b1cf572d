/// `payments.order.paid`, described in ``messageDescription`` (the catalogue's text).
public struct OrderPaid: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.order.paid"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "The order is paid: fulfil it now. Published exactly once per order, whatever order and number of times Stripe's events arrive."

    /// The seller's connected account; the charge is a direct charge on it.
    public var account: String
    /// The platform's order id.
    public var orderReference: String
    /// Amount paid.
    public var amount: Int
    /// Currency.
    public var currency: String
    /// The platform's application fee, at most the amount.
    public var applicationFeeAmount: Int?
    /// The PaymentIntent (`pi_…`), when there is one.
    public var paymentIntent: String?
    /// The Checkout Session (`cs_…`), when paid through Checkout.
    public var checkoutSession: String?
    /// The buyer's e-mail, for the order confirmation.
    public var customerEmail: String?
    /// When it happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int
    /// Where the order ships, as given with the payment; absent when none was given.
    public var shipping: Shipping?

    /// Creates the event; optional fields default to absent.
    public init(
        account: String, orderReference: String, amount: Int, currency: String, applicationFeeAmount: Int? = nil, paymentIntent: String? = nil,
        checkoutSession: String? = nil, customerEmail: String? = nil, occurredAt: Int, shipping: Shipping? = nil
    ) {
        self.account = account
        self.orderReference = orderReference
        self.amount = amount
        self.currency = currency
        self.applicationFeeAmount = applicationFeeAmount
        self.paymentIntent = paymentIntent
        self.checkoutSession = checkoutSession
        self.customerEmail = customerEmail
        self.occurredAt = occurredAt
        self.shipping = shipping
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the charge is a direct charge on it.",
        "order_reference": "The platform's order id.",
        "amount": "Amount paid.",
        "currency": "Currency.",
        "application_fee_amount": "The platform's application fee, at most the amount.",
        "payment_intent": "The PaymentIntent (`pi_…`), when there is one.",
        "checkout_session": "The Checkout Session (`cs_…`), when paid through Checkout.",
        "customer_email": "The buyer's e-mail, for the order confirmation.",
        "occurred_at": "When it happened (the Stripe event's `created`, or the service's clock).",
        "shipping": "Where the order ships, as given with the payment; absent when none was given.",
    ]
}
