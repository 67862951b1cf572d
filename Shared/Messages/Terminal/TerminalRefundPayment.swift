/// `terminal.refund_payment`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct TerminalRefundPayment: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.refund_payment"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Refund a captured card-present payment, fully or partly (`POST /v1/refunds` with `payment_intent`). An `interac_present` payment is refused with `conflict.refund_in_person`: Interac refunds are made on the reader with the card. Not captured: `conflict.invalid_state`; more than what is left: `conflict.refund_exceeds_amount`."

    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// Amount to refund; absent means all that is left.
    public var amount: Int?
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?
    /// Why the refund is made.
    public var reason: RefundReason?

    /// Creates the command; optional fields default to absent.
    public init(paymentIntent: String, amount: Int? = nil, account: String? = nil, reason: RefundReason? = nil) {
        self.paymentIntent = paymentIntent
        self.amount = amount
        self.account = account
        self.reason = reason
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "amount": "Amount to refund; absent means all that is left.",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
        "reason": "Why the refund is made.",
    ]

    /// The refund.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The refund (`re_…`).
        public var refund: String
        /// The PaymentIntent (`pi_…`).
        public var paymentIntent: String
        /// Amount refunded by this refund.
        public var amount: Int
        /// Stripe's refund `status` (`succeeded`, `pending`, …).
        public var status: String

        /// Creates the result.
        public init(refund: String, paymentIntent: String, amount: Int, status: String) {
            self.refund = refund
            self.paymentIntent = paymentIntent
            self.amount = amount
            self.status = status
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "refund": "The refund (`re_…`).",
            "payment_intent": "The PaymentIntent (`pi_…`).",
            "amount": "Amount refunded by this refund.",
            "status": "Stripe's refund `status` (`succeeded`, `pending`, …).",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.id(paymentIntent, prefix: "pi_", field: "payment_intent")
        try Validation.positiveAmount(amount, field: "amount")
        try Validation.id(account, prefix: "acct_", field: "account")
    }
}

extension TerminalRefundPayment: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "payment_intent": .stripeId("pi_"),
            "amount": .positiveAmount,
            "account": .account,
        ]
    }
}
