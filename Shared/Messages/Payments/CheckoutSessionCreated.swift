/// `payments.checkout_session.created`, described in ``messageDescription`` (the catalogue's text).
public struct CheckoutSessionCreated: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.checkout_session.created"
    /// Schema version: 2 since `ui_mode` carries the current names (`hosted_page`,
    /// `embedded_page`, `elements`); version 1 said `hosted` or `embedded`.
    public static let schemaVersion = 2
    /// Catalogue description.
    public static let messageDescription = "A Checkout Session was created for an order (not published again when the open session is reused)."

    /// The seller's connected account; the charge is a direct charge on it.
    public var account: String
    /// The platform's order id.
    public var orderReference: String
    /// The session id (`cs_…`).
    public var checkoutSession: String
    /// `hosted` or `embedded`.
    public var uiMode: CheckoutUIMode
    /// Total of the session, when known.
    public var amountTotal: Int?
    /// Currency of the total, when known.
    public var currency: String?
    /// The platform's application fee, at most the amount.
    public var applicationFeeAmount: Int?
    /// When the session expires.
    public var expiresAt: Int
    /// When it happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        account: String, orderReference: String, checkoutSession: String, uiMode: CheckoutUIMode, amountTotal: Int? = nil, currency: String? = nil,
        applicationFeeAmount: Int? = nil, expiresAt: Int, occurredAt: Int
    ) {
        self.account = account
        self.orderReference = orderReference
        self.checkoutSession = checkoutSession
        self.uiMode = uiMode
        self.amountTotal = amountTotal
        self.currency = currency
        self.applicationFeeAmount = applicationFeeAmount
        self.expiresAt = expiresAt
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the charge is a direct charge on it.",
        "order_reference": "The platform's order id.",
        "checkout_session": "The session id (`cs_…`).",
        "ui_mode": "`hosted_page`, `embedded_page` or `elements` (the current names; an alias in the command is published under its current name).",
        "amount_total": "Total of the session, when known.",
        "currency": "Currency of the total, when known.",
        "application_fee_amount": "The platform's application fee, at most the amount.",
        "expires_at": "When the session expires.",
        "occurred_at": "When it happened (the Stripe event's `created`, or the service's clock).",
    ]
}
