/// `payments.refund`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct RefundPayment: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.refund"
    /// Schema version: 2 since `refund_application_fee` exists (a replica of the release
    /// before, which knows version 1, retries and parks a version 2 command rather than
    /// refusing the field; this release reads both).
    public static let schemaVersion = 2
    /// Catalogue description.
    public static let messageDescription =
        "Refund an order's payment on the connected account, fully (no amount: what is left) or partially. Asking for more than is left to refund is a `conflict.refund_exceeds_amount` error."

    /// The seller's connected account; the charge is a direct charge on it.
    public var account: String
    /// The platform's order id.
    public var orderReference: String
    /// Amount to refund; absent means everything not yet refunded.
    public var amount: Int?
    /// Why the refund is made.
    public var reason: RefundReason?
    /// Also refund the platform's application fee (Stripe's `refund_application_fee`), in
    /// proportion to the amount refunded (all that is left of it when the refund takes the rest).
    public var refundApplicationFee: Bool?
    /// Stored on the Refund.
    public var metadata: [String: String]?

    /// Creates the command; optional fields default to absent.
    public init(
        account: String, orderReference: String, amount: Int? = nil, reason: RefundReason? = nil, refundApplicationFee: Bool? = nil,
        metadata: [String: String]? = nil
    ) {
        self.account = account
        self.orderReference = orderReference
        self.amount = amount
        self.reason = reason
        self.refundApplicationFee = refundApplicationFee
        self.metadata = metadata
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the charge is a direct charge on it.",
        "order_reference": "The platform's order id.",
        "amount": "Amount to refund; absent means everything not yet refunded.",
        "reason": "Why the refund is made.",
        "refund_application_fee":
            "Also refund the platform's application fee (Stripe's `refund_application_fee`), in proportion to the amount refunded (all that is left of it when the refund takes the rest).",
        "metadata": "Stored on the Refund.",
    ]

    /// The refund and the order's refunded total.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account; the charge is a direct charge on it.
        public var account: String
        /// The platform's order id.
        public var orderReference: String
        /// The Refund id (`re_…`).
        public var refund: String
        /// Its status.
        public var status: RefundStatus
        /// Amount of this refund.
        public var amount: Int
        /// Currency.
        public var currency: String
        /// Everything refunded on the order so far, this refund included.
        public var amountRefundedTotal: Int
        /// True when nothing is left to refund.
        public var fullyRefunded: Bool
        /// The part of the platform's application fee this refund returned (0 without
        /// `refund_application_fee`), smallest currency unit; absent when Stripe did not say.
        public var applicationFeeRefunded: Int?
        /// Everything of the order's application fee refunded so far; absent when Stripe did not say.
        public var applicationFeeRefundedTotal: Int?

        /// Creates the result; optional fields default to absent.
        public init(
            account: String, orderReference: String, refund: String, status: RefundStatus, amount: Int, currency: String, amountRefundedTotal: Int,
            fullyRefunded: Bool, applicationFeeRefunded: Int? = nil, applicationFeeRefundedTotal: Int? = nil
        ) {
            self.applicationFeeRefunded = applicationFeeRefunded
            self.applicationFeeRefundedTotal = applicationFeeRefundedTotal
            self.account = account
            self.orderReference = orderReference
            self.refund = refund
            self.status = status
            self.amount = amount
            self.currency = currency
            self.amountRefundedTotal = amountRefundedTotal
            self.fullyRefunded = fullyRefunded
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account; the charge is a direct charge on it.",
            "order_reference": "The platform's order id.",
            "refund": "The Refund id (`re_…`).",
            "status": "Its status.",
            "amount": "Amount of this refund.",
            "currency": "Currency.",
            "amount_refunded_total": "Everything refunded on the order so far, this refund included.",
            "fully_refunded": "True when nothing is left to refund.",
            "application_fee_refunded":
                "The part of the platform's application fee this refund returned (0 without `refund_application_fee`), smallest currency unit; absent when Stripe did not say.",
            "application_fee_refunded_total":
                "Everything of the order's application fee refunded so far; absent when Stripe did not say.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.nonEmpty(orderReference, field: "order_reference")
        try Validation.positiveAmount(amount, field: "amount")
    }
}

extension RefundPayment: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account,
            "order_reference": .nonEmpty,
            "amount": .positiveAmount,
        ]
    }
}
