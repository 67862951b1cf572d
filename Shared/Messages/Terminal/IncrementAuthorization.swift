/// `terminal.increment_authorization`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct IncrementAuthorization: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.increment_authorization"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Raise the authorized amount of an authorized card-present PaymentIntent before capture (`POST /v1/payment_intents/{id}/increment_authorization`). Only for a PaymentIntent created with `request_incremental_authorization_support` whose card reports `incremental_authorization_supported` (Visa, Mastercard, American Express, Discover), in `requires_capture`; otherwise `conflict.incremental_authorization_unsupported` (or `conflict.invalid_state`). `amount` is the new total and must exceed the authorized amount (`conflict.amount_not_increased`)."

    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// The new total to authorize, in the smallest currency unit.
    public var amount: Int
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?
    /// A new platform fee, at most `amount`; only with `account`.
    public var applicationFeeAmount: Int?

    /// Creates the command; optional fields default to absent.
    public init(paymentIntent: String, amount: Int, account: String? = nil, applicationFeeAmount: Int? = nil) {
        self.paymentIntent = paymentIntent
        self.amount = amount
        self.account = account
        self.applicationFeeAmount = applicationFeeAmount
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "amount": "The new total to authorize, in the smallest currency unit.",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
        "application_fee_amount":
            "A new platform fee, at most `amount`; only with `account`. The service checks that bound; JSON Schema cannot compare two fields, so this schema does not.",
    ]

    /// The incremented authorization.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The PaymentIntent (`pi_…`).
        public var paymentIntent: String
        /// The authorized amount now.
        public var amountAuthorized: Int
        /// Currency.
        public var currency: String

        /// Creates the result.
        public init(paymentIntent: String, amountAuthorized: Int, currency: String) {
            self.paymentIntent = paymentIntent
            self.amountAuthorized = amountAuthorized
            self.currency = currency
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "payment_intent": "The PaymentIntent (`pi_…`).",
            "amount_authorized": "The authorized amount now.",
            "currency": "Currency.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.id(paymentIntent, prefix: "pi_", field: "payment_intent")
        try Validation.positiveAmount(amount)
        try Validation.id(account, prefix: "acct_", field: "account")
        try Validation.applicationFee(applicationFeeAmount, amount: amount)
        if applicationFeeAmount != nil, account == nil {
            throw .invalid("application_fee_amount", "only with a connected account")
        }
    }
}

extension IncrementAuthorization: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema (all but `application_fee_amount` ≤ `amount`, which JSON Schema cannot compare).
    public static var fieldRules: [String: SchemaRule] {
        [
            "payment_intent": .stripeId("pi_"),
            "amount": .positiveAmount,
            "account": .account,
            "application_fee_amount": .nonNegative,
        ]
    }

    /// The cross-field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var objectRules: [SchemaRule] {
        [
            .dependentRequired("application_fee_amount", ["account"])
        ]
    }
}
