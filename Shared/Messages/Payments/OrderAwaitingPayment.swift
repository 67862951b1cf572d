/// `payments.order.awaiting_payment`, described in ``messageDescription`` (the catalogue's text).
public struct OrderAwaitingPayment: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.order.awaiting_payment"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "The buyer chose a delayed payment method (SEPA Debit, ACH Direct Debit `us_bank_account`): the order is placed but not paid yet; wait for payments.order.paid or payments.order.payment_failed."

    /// The seller's connected account; the charge is a direct charge on it.
    public var account: String
    /// The platform's order id.
    public var orderReference: String
    /// Amount due.
    public var amount: Int
    /// Currency.
    public var currency: String
    /// The platform's application fee, at most the amount.
    public var applicationFeeAmount: Int?
    /// The PaymentIntent (`pi_…`), when there is one.
    public var paymentIntent: String?
    /// The Checkout Session (`cs_…`), when paid through Checkout.
    public var checkoutSession: String?
    /// The delayed method, e.g. sepa_debit.
    public var paymentMethodType: String?
    /// When it happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int
    /// The buyer's e-mail, for the "payment received, confirming with your bank" message.
    public var customerEmail: String?

    /// Creates the event; optional fields default to absent.
    public init(
        account: String, orderReference: String, amount: Int, currency: String, applicationFeeAmount: Int? = nil, paymentIntent: String? = nil,
        checkoutSession: String? = nil, paymentMethodType: String? = nil, occurredAt: Int, customerEmail: String? = nil
    ) {
        self.account = account
        self.orderReference = orderReference
        self.amount = amount
        self.currency = currency
        self.applicationFeeAmount = applicationFeeAmount
        self.paymentIntent = paymentIntent
        self.checkoutSession = checkoutSession
        self.paymentMethodType = paymentMethodType
        self.occurredAt = occurredAt
        self.customerEmail = customerEmail
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the charge is a direct charge on it.",
        "order_reference": "The platform's order id.",
        "amount": "Amount due.",
        "currency": "Currency.",
        "application_fee_amount": "The platform's application fee, at most the amount.",
        "payment_intent": "The PaymentIntent (`pi_…`), when there is one.",
        "checkout_session": "The Checkout Session (`cs_…`), when paid through Checkout.",
        "payment_method_type": "The delayed method, e.g. sepa_debit or us_bank_account.",
        "occurred_at": "When it happened (the Stripe event's `created`, or the service's clock).",
        "customer_email": "The buyer's e-mail, for the \"payment received, confirming with your bank\" message.",
    ]
}
