/// `payments.order.payment_failed`, described in ``messageDescription`` (the catalogue's text).
///
/// Published for every failed attempt the order records; ``buyerMustAct`` says whether the
/// buyer has to be told (Stripe's "handle post-payment events": when a payment that was
/// `processing` fails, offer the buyer another attempt): `true` for a delayed method that
/// failed after processing (`checkout.session.async_payment_failed`, or
/// `payment_intent.payment_failed` of an order awaiting payment) and for an off-session
/// charge (the buyer is not there); `false` for a decline the buyer sees in the payment form
/// (Payment Element, PaymentSheet, a server-side confirm) and can retry in the same sheet.
/// An event without the field (published before it existed) reads as `false`.
public struct OrderPaymentFailed: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.order.payment_failed"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "The order's payment failed (declined card, failed delayed method). `buyer_must_act` says whether the buyer has to be told (the payment had been processing, or was an off-session charge) or is still in the payment form and can retry there."

    /// The seller's connected account; the charge is a direct charge on it.
    public var account: String
    /// The platform's order id.
    public var orderReference: String
    /// Amount that was not paid.
    public var amount: Int
    /// Currency.
    public var currency: String
    /// The platform's application fee, at most the amount.
    public var applicationFeeAmount: Int?
    /// The PaymentIntent (`pi_…`), when there is one.
    public var paymentIntent: String?
    /// The Checkout Session (`cs_…`), when paid through Checkout.
    public var checkoutSession: String?
    /// The buyer's e-mail, to tell them.
    public var customerEmail: String?
    /// Stripe's error code, e.g. card_declined.
    public var failureCode: String?
    /// The issuer's decline code, e.g. insufficient_funds.
    public var declineCode: String?
    /// Stripe's message, safe to show.
    public var failureMessage: String?
    /// When it happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int
    /// Whether the buyer must act to pay (tell them): the payment had been `processing` (a
    /// delayed method such as SEPA Debit or ACH failed later) or was an off-session charge.
    /// `false` (or absent) for a decline the buyer is still looking at in the payment form.
    public var buyerMustAct: Bool?

    /// Creates the event; optional fields default to absent.
    public init(
        account: String, orderReference: String, amount: Int, currency: String, applicationFeeAmount: Int? = nil, paymentIntent: String? = nil,
        checkoutSession: String? = nil, customerEmail: String? = nil, failureCode: String? = nil, declineCode: String? = nil,
        failureMessage: String? = nil, occurredAt: Int, buyerMustAct: Bool? = nil
    ) {
        self.account = account
        self.orderReference = orderReference
        self.amount = amount
        self.currency = currency
        self.applicationFeeAmount = applicationFeeAmount
        self.paymentIntent = paymentIntent
        self.checkoutSession = checkoutSession
        self.customerEmail = customerEmail
        self.failureCode = failureCode
        self.declineCode = declineCode
        self.failureMessage = failureMessage
        self.occurredAt = occurredAt
        self.buyerMustAct = buyerMustAct
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the charge is a direct charge on it.",
        "order_reference": "The platform's order id.",
        "amount": "Amount that was not paid.",
        "currency": "Currency.",
        "application_fee_amount": "The platform's application fee, at most the amount.",
        "payment_intent": "The PaymentIntent (`pi_…`), when there is one.",
        "checkout_session": "The Checkout Session (`cs_…`), when paid through Checkout.",
        "customer_email": "The buyer's e-mail, to tell them.",
        "failure_code": "Stripe's error code, e.g. card_declined.",
        "decline_code": "The issuer's decline code, e.g. insufficient_funds.",
        "failure_message": "Stripe's message, safe to show.",
        "occurred_at": "When it happened (the Stripe event's `created`, or the service's clock).",
        "buyer_must_act":
            "Whether the buyer must act to pay (notify them): true when the payment had been processing (a delayed method such as SEPA Debit or ACH failed later) or was an off-session charge; false or absent for a decline the buyer is still looking at in the payment form, where they can retry.",
    ]
}
