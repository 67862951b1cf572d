/// `payments.get_checkout_session`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct GetCheckoutSession: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.get_checkout_session"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "What a return page asks about a Checkout Session of any `ui_mode`: its status, payment status, the buyer's e-mail, the amount, and the order's state in the payments store. Read from Stripe (`GET /v1/checkout/sessions/{id}` on the connected account) and the local order; changes nothing."

    /// The seller's connected account the session was created on.
    public var account: String
    /// The session id (`cs_…`), e.g. the `{CHECKOUT_SESSION_ID}` of the return URL.
    public var checkoutSession: String

    /// Creates the command.
    public init(account: String, checkoutSession: String) {
        self.account = account
        self.checkoutSession = checkoutSession
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account the session was created on.",
        "checkout_session": "The session id (`cs_…`), e.g. the `{CHECKOUT_SESSION_ID}` of the return URL.",
    ]

    /// The session as Stripe has it, and the order as the payments service has it.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account.
        public var account: String
        /// The session id (`cs_…`).
        public var checkoutSession: String
        /// `hosted_page`, `embedded_page` or `elements` (current names whatever the API version).
        public var uiMode: CheckoutUIMode?
        /// `open`, `complete` or `expired`.
        public var status: CheckoutSessionStatus
        /// `paid`, `unpaid` (also while a delayed method is processing) or `no_payment_required`.
        public var paymentStatus: CheckoutPaymentStatus
        /// The buyer's e-mail: what they entered, else the one the session was created with.
        public var customerEmail: String?
        /// The session total in the smallest currency unit.
        public var amountTotal: Int?
        /// Three-letter lowercase currency code.
        public var currency: String?
        /// The session's PaymentIntent (`pi_…`) once the buyer tried to pay.
        public var paymentIntent: String?
        /// The platform's order id (the session's `client_reference_id`).
        public var orderReference: String?
        /// The order's state in the payments store (`open`, `awaiting_payment`, `paid`,
        /// `payment_failed`, `partially_refunded`, `refunded`); absent when no order has this
        /// session (or it was replaced by a newer one).
        public var orderState: String?

        /// Creates the result; optional fields default to absent.
        public init(
            account: String, checkoutSession: String, uiMode: CheckoutUIMode? = nil, status: CheckoutSessionStatus,
            paymentStatus: CheckoutPaymentStatus, customerEmail: String? = nil, amountTotal: Int? = nil,
            currency: String? = nil, paymentIntent: String? = nil, orderReference: String? = nil, orderState: String? = nil
        ) {
            self.account = account
            self.checkoutSession = checkoutSession
            self.uiMode = uiMode
            self.status = status
            self.paymentStatus = paymentStatus
            self.customerEmail = customerEmail
            self.amountTotal = amountTotal
            self.currency = currency
            self.paymentIntent = paymentIntent
            self.orderReference = orderReference
            self.orderState = orderState
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account.",
            "checkout_session": "The session id (`cs_…`).",
            "ui_mode": "`hosted_page`, `embedded_page` or `elements` (current names whatever the API version).",
            "status": "`open`, `complete` or `expired`.",
            "payment_status": "`paid`, `unpaid` (also while a delayed method is processing) or `no_payment_required`.",
            "customer_email": "The buyer's e-mail: what they entered, else the one the session was created with.",
            "amount_total": "The session total in the smallest currency unit.",
            "currency": "Three-letter lowercase currency code.",
            "payment_intent": "The session's PaymentIntent (`pi_…`) once the buyer tried to pay.",
            "order_reference": "The platform's order id (the session's `client_reference_id`).",
            "order_state":
                "The order's state in the payments store (`open`, `awaiting_payment`, `paid`, `payment_failed`, `partially_refunded`, `refunded`); absent when no order has this session.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.id(checkoutSession, prefix: "cs_", field: "checkout_session")
    }
}

extension GetCheckoutSession: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["account": .account, "checkout_session": .stripeId("cs_")]
    }
}
