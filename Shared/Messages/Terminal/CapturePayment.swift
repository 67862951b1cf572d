/// `terminal.capture_payment`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CapturePayment: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.capture_payment"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Capture an authorized card-present PaymentIntent, fully or partially (`amount_to_capture`), only from `requires_capture` and before the authorization expires (two days). A second capture is a `conflict.already_captured` error, not a second charge. An on-receipt tip (US only) is an over-capture: the total may exceed the authorized amount by up to 50% of it or 50 USD, whichever is greater, and only when the card's `overcapture_supported` is true; otherwise `conflict.capture_exceeds_authorized`. A PaymentIntent the point-of-sale app created (never seen by the gateway) is retrieved on `account`, must be `card_present`/`interac_present` (else `conflict.not_card_present`) and is recorded. `application_fee_amount` (direct charges, so only with `account`) replaces the platform fee at capture; without it the configured fee policy sets the fee on the captured total when that differs from the authorized amount (tip, partial capture), when the PaymentIntent has no fee, or when the point-of-sale app created it with another fee (`terminal.payment.fee_corrected` announces each correction). A fee above the captured total is `validation.fee_exceeds_amount`."

    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// Amount to capture; absent means the full authorized amount. Above it only as an allowed
    /// over-capture.
    public var amountToCapture: Int?
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?
    /// The platform's fee for this capture, in the smallest currency unit: at most the captured
    /// total (`amount_to_capture`, or the authorized amount); only with `account`. Absent: the
    /// configured fee policy, else the PaymentIntent's fee.
    public var applicationFeeAmount: Int?

    /// Creates the command; optional fields default to absent.
    public init(
        paymentIntent: String, amountToCapture: Int? = nil, account: String? = nil,
        applicationFeeAmount: Int? = nil
    ) {
        self.paymentIntent = paymentIntent
        self.amountToCapture = amountToCapture
        self.account = account
        self.applicationFeeAmount = applicationFeeAmount
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "amount_to_capture": "Amount to capture; absent means the full authorized amount. Above it only as an allowed over-capture.",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
        "application_fee_amount":
            "The platform's fee for this capture, in the smallest currency unit: at most the captured total (`amount_to_capture`, or the authorized amount); only with `account`. Absent: the configured fee policy, else the PaymentIntent's fee.",
    ]

    /// The captured payment.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The PaymentIntent (`pi_…`).
        public var paymentIntent: String
        /// Its status (`succeeded`).
        public var status: PaymentIntentStatus
        /// Amount captured.
        public var amountCaptured: Int
        /// Amount that was authorized.
        public var amountAuthorized: Int
        /// Currency.
        public var currency: String
        /// The platform's fee collected with the capture, when there is one.
        public var applicationFeeAmount: Int?

        /// Creates the result; optional fields default to absent.
        public init(
            paymentIntent: String, status: PaymentIntentStatus, amountCaptured: Int, amountAuthorized: Int, currency: String,
            applicationFeeAmount: Int? = nil
        ) {
            self.paymentIntent = paymentIntent
            self.status = status
            self.amountCaptured = amountCaptured
            self.amountAuthorized = amountAuthorized
            self.currency = currency
            self.applicationFeeAmount = applicationFeeAmount
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "payment_intent": "The PaymentIntent (`pi_…`).",
            "status": "Its status (`succeeded`).",
            "amount_captured": "Amount captured.",
            "amount_authorized": "Amount that was authorized.",
            "currency": "Currency.",
            "application_fee_amount": "The platform's fee collected with the capture, when there is one.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.id(paymentIntent, prefix: "pi_", field: "payment_intent")
        try Validation.positiveAmount(amountToCapture, field: "amount_to_capture")
        try Validation.id(account, prefix: "acct_", field: "account")
        if let fee = applicationFeeAmount {
            try Validation.applicationFee(fee, amount: amountToCapture ?? Int.max)
            if account == nil { throw .invalid("application_fee_amount", "only with a connected account") }
        }
    }
}

extension CapturePayment: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "payment_intent": .stripeId("pi_"),
            "amount_to_capture": .positiveAmount,
            "account": .account,
            "application_fee_amount": .nonNegative,
        ]
    }

    /// The cross-field rules of ``validate()`` (all but `application_fee_amount` ≤ the captured total, which JSON Schema cannot compare).
    public static var objectRules: [SchemaRule] {
        [
            .dependentRequired("application_fee_amount", ["account"])
        ]
    }
}
