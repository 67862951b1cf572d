/// `terminal.create_payment_intent`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreateTerminalPaymentIntent: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.create_payment_intent"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Create a card-present PaymentIntent (`payment_method_types[]=card_present`) for a point-of-sale order, captured manually (default) or automatically, optionally as a direct charge on a connected account with an application fee. The same order reference returns its existing open PaymentIntent: one PaymentIntent per transaction, never two."

    /// The point-of-sale order id; one PaymentIntent per order.
    public var orderReference: String
    /// Amount to authorize.
    public var amount: Int
    /// Currency of the amount.
    public var currency: String
    /// `manual` (default; `automatic` for a Canadian account, whose Interac cards cannot be
    /// captured manually), `automatic` or `manual_preferred`. An Australian account's `manual`
    /// is sent as `manual_preferred`.
    public var captureMethod: TerminalCaptureMethod?
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?
    /// The platform's application fee, at most the amount; only with `account`.
    public var applicationFeeAmount: Int?
    /// Description shown in the Dashboard.
    public var description: String?
    /// Stored on the PaymentIntent.
    public var metadata: [String: String]?
    /// Ask for incremental authorization support
    /// (`payment_method_options[card_present][request_incremental_authorization_support]`), so
    /// that `terminal.increment_authorization` can raise the authorized amount before capture
    /// when the card allows it.
    public var requestIncrementalAuthorizationSupport: Bool?
    /// The in-person method types, with `card_present`; absent: `card_present`, plus
    /// `interac_present` for a Canadian account (the account's country comes from
    /// onboarding's events). `interac_present` is for Canadian accounts only and never with
    /// `capture_method` `manual`.
    public var paymentMethodTypes: [TerminalPaymentMethodType]?

    /// Creates the command; optional fields default to absent.
    public init(
        orderReference: String, amount: Int, currency: String, captureMethod: TerminalCaptureMethod? = nil, account: String? = nil,
        applicationFeeAmount: Int? = nil, description: String? = nil, metadata: [String: String]? = nil,
        requestIncrementalAuthorizationSupport: Bool? = nil, paymentMethodTypes: [TerminalPaymentMethodType]? = nil
    ) {
        self.requestIncrementalAuthorizationSupport = requestIncrementalAuthorizationSupport
        self.paymentMethodTypes = paymentMethodTypes
        self.orderReference = orderReference
        self.amount = amount
        self.currency = currency
        self.captureMethod = captureMethod
        self.account = account
        self.applicationFeeAmount = applicationFeeAmount
        self.description = description
        self.metadata = metadata
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "order_reference": "The point-of-sale order id; one PaymentIntent per order.",
        "amount": "Amount to authorize.",
        "currency": "Currency of the amount.",
        "capture_method":
            "`manual` (default; `automatic` for a Canadian account, whose Interac cards cannot be captured manually), `automatic` or `manual_preferred`. An Australian account's `manual` is sent as `manual_preferred`.",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
        "application_fee_amount":
            "The platform's application fee, at most the amount; only with `account`.. The service checks that bound; JSON Schema cannot compare two fields, so this schema does not.",
        "description": "Description shown in the Dashboard.",
        "metadata": "Stored on the PaymentIntent.",
        "request_incremental_authorization_support":
            "Ask for incremental authorization support (`payment_method_options[card_present][request_incremental_authorization_support]`), so that `terminal.increment_authorization` can raise the authorized amount before capture when the card allows it.",
        "payment_method_types":
            "The in-person method types, with `card_present`; absent: `card_present`, plus `interac_present` for a Canadian account (the account's country comes from onboarding's events). `interac_present` is for Canadian accounts only (`conflict.interac_unavailable`) and never with `capture_method` `manual` (`validation.interac_manual_capture`).",
    ]

    /// The PaymentIntent for the order.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The point-of-sale order id; one PaymentIntent per order.
        public var orderReference: String
        /// The PaymentIntent id (`pi_…`).
        public var paymentIntent: String
        /// Its client secret, for the Terminal SDK's collect step.
        public var clientSecret: String
        /// Its status.
        public var status: PaymentIntentStatus
        /// Its amount.
        public var amount: Int
        /// Its currency.
        public var currency: String
        /// How it will be captured.
        public var captureMethod: TerminalCaptureMethod
        /// The connected account, for a direct charge.
        public var account: String?
        /// True when the order's open PaymentIntent was returned instead of a new one.
        public var reused: Bool
        /// Its method types (`card_present`, and `interac_present` in Canada).
        public var paymentMethodTypes: [TerminalPaymentMethodType]?

        /// Creates the result; optional fields default to absent.
        public init(
            orderReference: String, paymentIntent: String, clientSecret: String, status: PaymentIntentStatus, amount: Int, currency: String,
            captureMethod: TerminalCaptureMethod, account: String? = nil, reused: Bool,
            paymentMethodTypes: [TerminalPaymentMethodType]? = nil
        ) {
            self.paymentMethodTypes = paymentMethodTypes
            self.orderReference = orderReference
            self.paymentIntent = paymentIntent
            self.clientSecret = clientSecret
            self.status = status
            self.amount = amount
            self.currency = currency
            self.captureMethod = captureMethod
            self.account = account
            self.reused = reused
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "order_reference": "The point-of-sale order id; one PaymentIntent per order.",
            "payment_intent": "The PaymentIntent id (`pi_…`).",
            "client_secret": "Its client secret, for the Terminal SDK's collect step.",
            "status": "Its status.",
            "amount": "Its amount.",
            "currency": "Its currency.",
            "capture_method": "How it will be captured.",
            "account": "The connected account, for a direct charge.",
            "reused": "True when the order's open PaymentIntent was returned instead of a new one.",
            "payment_method_types": "Its method types (`card_present`, and `interac_present` in Canada).",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.nonEmpty(orderReference, field: "order_reference")
        try Validation.positiveAmount(amount)
        try Validation.currency(currency)
        try Validation.id(account, prefix: "acct_", field: "account")
        try Validation.applicationFee(applicationFeeAmount, amount: amount)
        if applicationFeeAmount != nil, account == nil {
            throw .invalid("application_fee_amount", "only with a connected account")
        }
        if let types = paymentMethodTypes {
            try Validation.nonEmpty(types, field: "payment_method_types")
            guard Set(types).count == types.count else { throw .invalid("payment_method_types", "must be distinct") }
            guard types.contains(.cardPresent) else { throw .invalid("payment_method_types", "must include card_present") }
            if types.contains(.interacPresent), captureMethod == .manual {
                throw .invalid(
                    "capture_method", "interac_present payments cannot be captured manually; use automatic, or payment_method_types [card_present]",
                    code: ReplyError.Code.interacManualCaptureRequested)
            }
        }
    }
}

extension CreateTerminalPaymentIntent: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema (all but `application_fee_amount` ≤ `amount`, which JSON Schema cannot compare).
    public static var fieldRules: [String: SchemaRule] {
        [
            "order_reference": .nonEmpty,
            "amount": .positiveAmount,
            "currency": .currency,
            "account": .account,
            "application_fee_amount": .nonNegative,
            "payment_method_types": SchemaRule.minItems(1).and(
                SchemaRule([
                    "uniqueItems": .bool(true),
                    "contains": .object(["const": .string("card_present")]),
                ])),
        ]
    }

    /// The cross-field rules of ``validate()`` in the catalogue's JSON Schema: a fee only with
    /// an account; `interac_present` never with `capture_method` `manual`.
    public static var objectRules: [SchemaRule] {
        [
            .minimumCharge,
            .dependentRequired("application_fee_amount", ["account"]),
            .when(
                .object([
                    "required": .array([.string("payment_method_types"), .string("capture_method")]),
                    "properties": .object([
                        "payment_method_types": .object(["contains": .object(["const": .string("interac_present")])]),
                        "capture_method": .object(["const": .string("manual")]),
                    ]),
                ]),
                then: .bool(false)),
        ]
    }
}
