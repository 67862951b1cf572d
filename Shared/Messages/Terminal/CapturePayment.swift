/// `terminal.capture_payment`: Capture an authorized card-present PaymentIntent, fully or partially
/// (`amount_to_capture`), only from `requires_capture` and before the authorization expires (two
/// days). A second capture is a `conflict.already_captured` error, not a second charge. An on-
/// receipt tip (US only) is an over-capture: the total may exceed the authorized amount by up to
/// 50% of it or 50 USD, whichever is greater, and only when the card's `overcapture_supported` is
/// true; otherwise `conflict.capture_exceeds_authorized`.
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CapturePayment: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.capture_payment"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "Capture an authorized card-present PaymentIntent, fully or partially (`amount_to_capture`), only from `requires_capture` and before the authorization expires (two days). A second capture is a `conflict.already_captured` error, not a second charge. An on-receipt tip (US only) is an over-capture: the total may exceed the authorized amount by up to 50% of it or 50 USD, whichever is greater, and only when the card's `overcapture_supported` is true; otherwise `conflict.capture_exceeds_authorized`."

    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// Amount to capture; absent means the full authorized amount. Above it only as an allowed
    /// over-capture.
    public var amountToCapture: Int?
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?

    /// Creates the command; optional fields default to absent.
    public init(paymentIntent: String, amountToCapture: Int? = nil, account: String? = nil) {
        self.paymentIntent = paymentIntent
        self.amountToCapture = amountToCapture
        self.account = account
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "amount_to_capture": "Amount to capture; absent means the full authorized amount. Above it only as an allowed over-capture.",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
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

        /// Creates the result; optional fields default to absent.
        public init(paymentIntent: String, status: PaymentIntentStatus, amountCaptured: Int, amountAuthorized: Int, currency: String) {
            self.paymentIntent = paymentIntent
            self.status = status
            self.amountCaptured = amountCaptured
            self.amountAuthorized = amountAuthorized
            self.currency = currency
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "payment_intent": "The PaymentIntent (`pi_…`).",
            "status": "Its status (`succeeded`).",
            "amount_captured": "Amount captured.",
            "amount_authorized": "Amount that was authorized.",
            "currency": "Currency.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.id(paymentIntent, prefix: "pi_", field: "payment_intent")
        try Validation.positiveAmount(amountToCapture, field: "amount_to_capture")
        try Validation.id(account, prefix: "acct_", field: "account")
    }
}

extension CapturePayment: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "payment_intent": .stripeId("pi_"),
            "amount_to_capture": .positiveAmount,
            "account": .account,
        ]
    }
}
