/// `payments.create_checkout_session`: Create a Checkout Session for an order as a direct charge on
/// the connected account with the platform's application fee. Hosted mode needs `success_url`
/// (optional `cancel_url`) and replies with the session `url`; embedded mode needs `return_url`
/// containing `{CHECKOUT_SESSION_ID}` and replies with `client_secret`. An order that already has
/// an open session gets that session back, not a second one.
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreateCheckoutSession: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.create_checkout_session"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "Create a Checkout Session for an order as a direct charge on the connected account with the platform's application fee. Hosted mode needs `success_url` (optional `cancel_url`) and replies with the session `url`; embedded mode needs `return_url` containing `{CHECKOUT_SESSION_ID}` and replies with `client_secret`. An order that already has an open session gets that session back, not a second one."

    /// The seller's connected account; the charge is a direct charge on it.
    public var account: String
    /// The platform's order id.
    public var orderReference: String
    /// What the buyer pays for; at least one line.
    public var lineItems: [CheckoutLineItem]
    /// The platform's application fee, at most the amount.
    public var applicationFeeAmount: Int?
    /// Prefills the buyer's e-mail; also used for the order confirmation.
    public var customerEmail: String?
    /// `hosted` (default) or `embedded`.
    public var uiMode: CheckoutUIMode?
    /// Hosted mode: where the buyer lands after paying (https).
    public var successUrl: String?
    /// Hosted mode: where the buyer lands after giving up (https).
    public var cancelUrl: String?
    /// Embedded mode: where the buyer returns; must contain `{CHECKOUT_SESSION_ID}` (https).
    public var returnUrl: String?
    /// Stored on the session and its PaymentIntent.
    public var metadata: [String: String]?
    /// Payment method types Checkout offers (e.g. `card`, `sepa_debit`); absent lets Stripe choose.
    public var paymentMethodTypes: [String]?

    /// Creates the command; optional fields default to absent.
    public init(account: String, orderReference: String, lineItems: [CheckoutLineItem], applicationFeeAmount: Int? = nil, customerEmail: String? = nil, uiMode: CheckoutUIMode? = nil, successUrl: String? = nil, cancelUrl: String? = nil, returnUrl: String? = nil, metadata: [String: String]? = nil, paymentMethodTypes: [String]? = nil) {
        self.account = account
        self.orderReference = orderReference
        self.lineItems = lineItems
        self.applicationFeeAmount = applicationFeeAmount
        self.customerEmail = customerEmail
        self.uiMode = uiMode
        self.successUrl = successUrl
        self.cancelUrl = cancelUrl
        self.returnUrl = returnUrl
        self.metadata = metadata
        self.paymentMethodTypes = paymentMethodTypes
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the charge is a direct charge on it.",
        "order_reference": "The platform's order id.",
        "line_items": "What the buyer pays for; at least one line.",
        "application_fee_amount": "The platform's application fee, at most the sum of the inline line items (with an existing price the total is not known here). The service checks that bound; JSON Schema cannot compare two fields, so this schema does not.",
        "customer_email": "Prefills the buyer's e-mail; also used for the order confirmation.",
        "ui_mode": "`hosted` (default) or `embedded`.",
        "success_url": "Hosted mode: where the buyer lands after paying (https).",
        "cancel_url": "Hosted mode: where the buyer lands after giving up (https).",
        "return_url": "Embedded mode: where the buyer returns; must contain `{CHECKOUT_SESSION_ID}` (https).",
        "metadata": "Stored on the session and its PaymentIntent.",
        "payment_method_types": "Payment method types Checkout offers (e.g. `card`, `sepa_debit`); absent lets Stripe choose.",
    ]

    /// The session: its id, and its `url` (hosted) or `client_secret` (embedded).
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account; the charge is a direct charge on it.
        public var account: String
        /// The platform's order id.
        public var orderReference: String
        /// The session id (`cs_…`).
        public var checkoutSession: String
        /// Hosted mode: the page to send the buyer to.
        public var url: String?
        /// Embedded mode: the secret to mount Checkout with.
        public var clientSecret: String?
        /// Session status (`open` for a new session).
        public var status: CheckoutSessionStatus
        /// When the session expires.
        public var expiresAt: Int
        /// True when the order's open session was returned instead of a new one.
        public var reused: Bool

        /// Creates the result; optional fields default to absent.
        public init(account: String, orderReference: String, checkoutSession: String, url: String? = nil, clientSecret: String? = nil, status: CheckoutSessionStatus, expiresAt: Int, reused: Bool) {
            self.account = account
            self.orderReference = orderReference
            self.checkoutSession = checkoutSession
            self.url = url
            self.clientSecret = clientSecret
            self.status = status
            self.expiresAt = expiresAt
            self.reused = reused
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account; the charge is a direct charge on it.",
            "order_reference": "The platform's order id.",
            "checkout_session": "The session id (`cs_…`).",
            "url": "Hosted mode: the page to send the buyer to.",
            "client_secret": "Embedded mode: the secret to mount Checkout with.",
            "status": "Session status (`open` for a new session).",
            "expires_at": "When the session expires.",
            "reused": "True when the order's open session was returned instead of a new one.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.nonEmpty(orderReference, field: "order_reference")
        try Validation.nonEmpty(lineItems, field: "line_items")
        for (i, item) in lineItems.enumerated() { try item.validate(field: "line_items[\(i)]") }
        if let fee = applicationFeeAmount {
            guard fee >= 0 else { throw .invalid("application_fee_amount", "must not be negative", code: ReplyError.Code.feeExceedsAmount) }
            if let total = inlineTotal { try Validation.applicationFee(fee, amount: total) }
        }
        try Validation.email(customerEmail, field: "customer_email")
        try Validation.paymentMethodTypes(paymentMethodTypes)
        switch uiMode ?? .hosted {
        case .hosted:
            guard let successUrl else { throw .missingField("success_url") }
            try Validation.url(successUrl, field: "success_url")
            try Validation.url(cancelUrl, field: "cancel_url")
            if returnUrl != nil { throw .invalid("return_url", "only for ui_mode embedded; use success_url") }
        case .embedded:
            guard let returnUrl else { throw .missingField("return_url") }
            try Validation.url(returnUrl, field: "return_url")
            guard returnUrl.contains("{CHECKOUT_SESSION_ID}") else {
                throw .invalid("return_url", "must contain {CHECKOUT_SESSION_ID}", code: ReplyError.Code.invalidURL)
            }
            if successUrl != nil { throw .invalid("success_url", "only for ui_mode hosted; use return_url") }
            if cancelUrl != nil { throw .invalid("cancel_url", "only for ui_mode hosted") }
        }
    }
}

extension CreateCheckoutSession {
    /// Sum of `unit_amount × quantity` when every line has inline price data (all in one
    /// currency); nil when a line refers to an existing price, whose amount is not known here.
    public var inlineTotal: Int? {
        var total = 0
        for item in lineItems {
            guard let data = item.priceData else { return nil }
            let (line, overflow) = data.unitAmount.multipliedReportingOverflow(by: item.quantity)
            let (sum, overflowSum) = total.addingReportingOverflow(line)
            guard !overflow, !overflowSum else { return nil }
            total = sum
        }
        return total
    }
}

extension CreateCheckoutSession: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema (all but `application_fee_amount` ≤ the inline total, which JSON Schema cannot compute).
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account,
            "order_reference": .nonEmpty,
            "line_items": .minItems(1),
            "application_fee_amount": .nonNegative,
            "customer_email": .email,
            "payment_method_types": .paymentMethodTypes,
            "success_url": .url(),
            "cancel_url": .url(),
            "return_url": .url(),
        ]
    }

    /// The cross-field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var objectRules: [SchemaRule] {
        [
            .when(SchemaRule.shape(required: ["ui_mode"], properties: ["ui_mode": .object(["const": .string("embedded")])]),
                  then: SchemaRule.shape(required: ["return_url"], absent: ["success_url", "cancel_url"],
                                         properties: ["return_url": .object(["pattern": .string("\\{CHECKOUT_SESSION_ID\\}")])]),
                  otherwise: SchemaRule.shape(required: ["success_url"], absent: ["return_url"])),
        ]
    }
}
