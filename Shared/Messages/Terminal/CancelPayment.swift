/// `terminal.cancel_payment`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CancelPayment: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.cancel_payment"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "Cancel a card-present PaymentIntent that is not captured (releases the authorization)."

    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// Why.
    public var cancellationReason: TerminalCancellationReason?
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?

    /// Creates the command; optional fields default to absent.
    public init(paymentIntent: String, cancellationReason: TerminalCancellationReason? = nil, account: String? = nil) {
        self.paymentIntent = paymentIntent
        self.cancellationReason = cancellationReason
        self.account = account
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "cancellation_reason": "Why.",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
    ]

    /// The canceled payment.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The PaymentIntent (`pi_…`).
        public var paymentIntent: String
        /// Its status (`canceled`).
        public var status: PaymentIntentStatus

        /// Creates the result; optional fields default to absent.
        public init(paymentIntent: String, status: PaymentIntentStatus) {
            self.paymentIntent = paymentIntent
            self.status = status
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "payment_intent": "The PaymentIntent (`pi_…`).",
            "status": "Its status (`canceled`).",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.id(paymentIntent, prefix: "pi_", field: "payment_intent")
        try Validation.id(account, prefix: "acct_", field: "account")
    }
}

extension CancelPayment: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "payment_intent": .stripeId("pi_"),
            "account": .account,
        ]
    }
}
