/// `payments.get_payment_intent`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct GetPaymentIntent: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.get_payment_intent"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "What a return page asks about a PaymentIntent-based order: the PaymentIntent's status and next action, and the order's state in the payments store. Read from Stripe (`GET /v1/payment_intents/{id}` on the connected account) and the local order; changes nothing."

    /// The seller's connected account the PaymentIntent was created on.
    public var account: String
    /// The PaymentIntent (`pi_…`), e.g. the `payment_intent` query parameter of the return URL.
    public var paymentIntent: String

    /// Creates the command.
    public init(account: String, paymentIntent: String) {
        self.account = account
        self.paymentIntent = paymentIntent
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account the PaymentIntent was created on.",
        "payment_intent": "The PaymentIntent (`pi_…`), e.g. the `payment_intent` query parameter of the return URL.",
    ]

    /// The PaymentIntent as Stripe has it, and the order as the payments service has it.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account.
        public var account: String
        /// The PaymentIntent (`pi_…`).
        public var paymentIntent: String
        /// Stripe's status (`requires_payment_method`, `requires_action`, `processing`, `succeeded`, …).
        public var status: PaymentIntentStatus
        /// What the buyer must do next (`next_action.type`, e.g. `use_stripe_sdk`, `redirect_to_url`).
        public var nextAction: String?
        /// For `redirect_to_url`: where to send the buyer.
        public var redirectUrl: String?
        /// The amount in the smallest currency unit.
        public var amount: Int
        /// Three-letter lowercase currency code.
        public var currency: String
        /// The last payment error's code (e.g. `card_declined`), when the last attempt failed.
        public var lastPaymentError: String?
        /// The platform's order id, when an order has this PaymentIntent.
        public var orderReference: String?
        /// The order's state in the payments store (`open`, `awaiting_payment`, `paid`,
        /// `payment_failed`, `partially_refunded`, `refunded`); absent without an order.
        public var orderState: String?

        /// Creates the result; optional fields default to absent.
        public init(
            account: String, paymentIntent: String, status: PaymentIntentStatus, nextAction: String? = nil,
            redirectUrl: String? = nil, amount: Int, currency: String, lastPaymentError: String? = nil,
            orderReference: String? = nil, orderState: String? = nil
        ) {
            self.account = account
            self.paymentIntent = paymentIntent
            self.status = status
            self.nextAction = nextAction
            self.redirectUrl = redirectUrl
            self.amount = amount
            self.currency = currency
            self.lastPaymentError = lastPaymentError
            self.orderReference = orderReference
            self.orderState = orderState
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account.",
            "payment_intent": "The PaymentIntent (`pi_…`).",
            "status": "Stripe's status (`requires_payment_method`, `requires_action`, `processing`, `succeeded`, …).",
            "next_action": "What the buyer must do next (`next_action.type`, e.g. `use_stripe_sdk`, `redirect_to_url`).",
            "redirect_url": "For `redirect_to_url`: where to send the buyer.",
            "amount": "The amount in the smallest currency unit.",
            "currency": "Three-letter lowercase currency code.",
            "last_payment_error": "The last payment error's code (e.g. `card_declined`), when the last attempt failed.",
            "order_reference": "The platform's order id, when an order has this PaymentIntent.",
            "order_state":
                "The order's state in the payments store (`open`, `awaiting_payment`, `paid`, `payment_failed`, `partially_refunded`, `refunded`); absent without an order.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.id(paymentIntent, prefix: "pi_", field: "payment_intent")
    }
}

extension GetPaymentIntent: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["account": .account, "payment_intent": .stripeId("pi_")]
    }
}
