/// `payments.create_checkout_session`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreateCheckoutSession: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.create_checkout_session"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Create a Checkout Session for an order as a direct charge on the connected account with the platform's application fee. `ui_mode` `hosted_page` (default) needs `success_url` (optional `cancel_url`) and replies with the session `url`; `embedded_page` and `elements` take no `success_url`/`cancel_url`, need `return_url` containing `{CHECKOUT_SESSION_ID}` unless `redirect_on_completion` is `never` (then no `return_url`), and reply with `client_secret`. `hosted` and `embedded` are aliases of `hosted_page` and `embedded_page`. An order that already has an open session gets that session back, not a second one."

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
    /// `hosted_page` (default), `embedded_page` or `elements` (aliases `hosted`, `embedded`).
    public var uiMode: CheckoutUIMode?
    /// `embedded_page`/`elements`: `always` (default), `if_required` or `never`.
    public var redirectOnCompletion: CheckoutRedirectOnCompletion?
    /// Hosted mode: where the buyer lands after paying (https).
    public var successUrl: String?
    /// Hosted mode: where the buyer lands after giving up (https).
    public var cancelUrl: String?
    /// `embedded_page`/`elements`: where the buyer returns; must contain `{CHECKOUT_SESSION_ID}` (https).
    public var returnUrl: String?
    /// Stored on the session and its PaymentIntent.
    public var metadata: [String: String]?
    /// Payment method types Checkout offers (e.g. `card`, `sepa_debit`); absent lets Stripe choose.
    public var paymentMethodTypes: [String]?
    /// The platform's own id of the buyer: the session is for the buyer's Customer on the account (found or created), so a method can be saved for them.
    public var customerReference: String?
    /// Save the payment method to the buyer's Customer (`payment_intent_data[setup_future_usage]`); needs `customer_reference`.
    public var setupFutureUsage: SetupFutureUsage?

    /// Creates the command; optional fields default to absent.
    public init(
        account: String, orderReference: String, lineItems: [CheckoutLineItem], applicationFeeAmount: Int? = nil, customerEmail: String? = nil,
        uiMode: CheckoutUIMode? = nil, successUrl: String? = nil, cancelUrl: String? = nil, returnUrl: String? = nil,
        metadata: [String: String]? = nil, paymentMethodTypes: [String]? = nil, redirectOnCompletion: CheckoutRedirectOnCompletion? = nil,
        customerReference: String? = nil, setupFutureUsage: SetupFutureUsage? = nil
    ) {
        self.customerReference = customerReference
        self.setupFutureUsage = setupFutureUsage
        self.redirectOnCompletion = redirectOnCompletion
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
        "line_items":
            "What the buyer pays for; 1 to 100 lines. With inline prices the total must be within Stripe's amount limits (at most 99999999, at least the currency's minimum charge); the service checks that total, JSON Schema cannot add fields, so this schema does not.",
        "application_fee_amount":
            "The platform's application fee, at most the sum of the inline line items (with an existing price the total is not known here). The service checks that bound; JSON Schema cannot compare two fields, so this schema does not.",
        "customer_email": "Prefills the buyer's e-mail; also used for the order confirmation.",
        "ui_mode":
            "`hosted_page` (default): Stripe's page; `embedded_page`: embedded Checkout; `elements`: the Payment Element mounted from the session's client secret. `hosted` and `embedded` are aliases of `hosted_page` and `embedded_page`; each is sent to Stripe in the spelling of the service's API version.",
        "redirect_on_completion":
            "`embedded_page`/`elements` only: `always` (Stripe's default) sends the buyer to `return_url` after paying, `if_required` only after a redirect-based payment method, `never` keeps the buyer on the page and then `return_url` must be absent.",
        "success_url": "`hosted_page` only: where the buyer lands after paying (https).",
        "cancel_url": "`hosted_page` only: where the buyer lands after giving up (https).",
        "return_url":
            "`embedded_page`/`elements`: where the buyer returns; must contain `{CHECKOUT_SESSION_ID}` (https); required unless `redirect_on_completion` is `never`, refused then.",
        "metadata": "Stored on the session and its PaymentIntent.",
        "payment_method_types":
            "Payment method types Checkout offers (e.g. `card`, `sepa_debit`), each one of Checkout's types; sent as `allowed_payment_method_types` from 2026-09-30.endive on, `payment_method_types` before. Absent lets Stripe choose. A redirect-based method (ideal, bancontact, eps, p24, klarna) takes only its currencies: the lines' `price_data.currency` must be one (ideal, bancontact, eps: eur; p24: eur, pln; klarna: aud, cad, chf, czk, dkk, eur, gbp, nok, nzd, pln, ron, sek, usd).",
        "customer_reference":
            "The platform's own id of the buyer: the session is for the buyer's Customer on the account (found or created), so a method can be saved for them.",
        "setup_future_usage":
            "Save the payment method to the buyer's Customer (`payment_intent_data[setup_future_usage]`); needs `customer_reference`.",
    ]

    /// The session: its id, and its `url` (hosted) or `client_secret` (embedded).
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account; the charge is a direct charge on it.
        public var account: String
        /// The platform's order id.
        public var orderReference: String
        /// The session id (`cs_…`).
        public var checkoutSession: String
        /// `hosted_page`: the page to send the buyer to.
        public var url: String?
        /// `embedded_page`/`elements`: the secret to mount Checkout or the Payment Element with.
        public var clientSecret: String?
        /// Session status (`open` for a new session).
        public var status: CheckoutSessionStatus
        /// When the session expires.
        public var expiresAt: Int
        /// True when the order's open session was returned instead of a new one.
        public var reused: Bool

        /// Creates the result; optional fields default to absent.
        public init(
            account: String, orderReference: String, checkoutSession: String, url: String? = nil, clientSecret: String? = nil,
            status: CheckoutSessionStatus, expiresAt: Int, reused: Bool
        ) {
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
            "url": "`hosted_page`: the page to send the buyer to.",
            "client_secret":
                "`embedded_page`/`elements`: the secret to mount embedded Checkout (`initEmbeddedCheckout`) or the Payment Element (`initCheckoutElementsSdk`) with.",
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
        try validateInlineTotal()
        for item in lineItems {
            if let currency = item.priceData?.currency { try Validation.paymentMethodCurrency(paymentMethodTypes, currency: currency) }
        }
        if let fee = applicationFeeAmount {
            guard fee >= 0 else { throw .invalid("application_fee_amount", "must not be negative", code: ReplyError.Code.feeExceedsAmount) }
            if let total = inlineTotal { try Validation.applicationFee(fee, amount: total) }
        }
        try Validation.email(customerEmail, field: "customer_email")
        if let customerReference { try Validation.nonEmpty(customerReference, field: "customer_reference") }
        if setupFutureUsage != nil, customerReference == nil { throw .customerRequired("setup_future_usage", needs: "customer_reference") }
        try Validation.paymentMethodTypes(paymentMethodTypes)
        for (i, type) in (paymentMethodTypes ?? []).enumerated() where !CheckoutPaymentMethodTypes.known.contains(type) {
            throw .invalid(
                "payment_method_types[\(i)]", "\(type) is not a payment method type Checkout offers",
                code: ReplyError.Code.unknownPaymentMethodType)
        }
        let mode = (uiMode ?? .hostedPage).normalized
        if mode.isHosted {
            if redirectOnCompletion != nil {
                throw .invalid("redirect_on_completion", "only for ui_mode embedded_page or elements", code: ReplyError.Code.fieldNotForUIMode)
            }
            if returnUrl != nil {
                throw .invalid("return_url", "only for ui_mode embedded_page or elements; use success_url", code: ReplyError.Code.fieldNotForUIMode)
            }
            guard let successUrl else { throw .missingField("success_url") }
            try Validation.url(successUrl, field: "success_url")
            try Validation.url(cancelUrl, field: "cancel_url")
            return
        }
        if successUrl != nil {
            throw .invalid("success_url", "not for ui_mode \(mode.rawValue); use return_url", code: ReplyError.Code.fieldNotForUIMode)
        }
        if cancelUrl != nil { throw .invalid("cancel_url", "not for ui_mode \(mode.rawValue)", code: ReplyError.Code.fieldNotForUIMode) }
        if redirectOnCompletion == .never {
            if returnUrl != nil {
                throw .invalid("return_url", "must be absent when redirect_on_completion is never", code: ReplyError.Code.fieldNotForUIMode)
            }
            return
        }
        guard let returnUrl else { throw .missingField("return_url") }
        try Validation.url(returnUrl, field: "return_url")
        guard returnUrl.contains("{CHECKOUT_SESSION_ID}") else {
            throw .invalid("return_url", "must contain {CHECKOUT_SESSION_ID}", code: ReplyError.Code.returnURLPlaceholder)
        }
    }
}

extension CreateCheckoutSession {
    /// Stripe's bounds on the session's total when every line has inline price data: at most
    /// ``StripeLimits/maximumAmount`` (a sum that overflows counts as above it) and at least the
    /// minimum charge of the lines' currency (``StripeLimits/minimumCharge``). JSON Schema cannot
    /// add fields, so the schema states neither (the field description of `line_items` says so).
    /// - Throws: `validation.amount_too_large` or `validation.amount_too_small` naming `line_items`.
    func validateInlineTotal() throws(ReplyError) {
        guard lineItems.allSatisfy({ $0.priceData != nil }), let currency = lineItems.first?.priceData?.currency else { return }
        guard let total = inlineTotal, total <= StripeLimits.maximumAmount else {
            throw .invalid(
                "line_items", "the total of the lines must be at most \(StripeLimits.maximumAmount) (Stripe's maximum: 8 digits)",
                code: ReplyError.Code.amountTooLarge)
        }
        if let minimum = StripeLimits.minimumCharge[currency], total >= 1, total < minimum {
            throw .invalid(
                "line_items", "the total of the lines must be at least \(minimum) for \(currency), Stripe's minimum charge, got \(total)",
                code: ReplyError.Code.amountTooSmall)
        }
    }

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
            "line_items": SchemaRule.minItems(1).and(.maxItems(StripeLimits.checkoutLineItems)),
            "application_fee_amount": .nonNegative,
            "customer_email": .email,
            "payment_method_types": SchemaRule.paymentMethodTypes.and(
                SchemaRule(["items": .object(["enum": .array(CheckoutPaymentMethodTypes.known.map(JSONValue.string))])])),
            "success_url": .url(),
            "cancel_url": .url(),
            "return_url": .url(),
            "customer_reference": .nonEmpty,
        ]
    }

    /// The cross-field rules of ``validate()`` in the catalogue's JSON Schema: an in-site mode
    /// (`embedded_page`, `elements`, `embedded`) takes no `success_url`/`cancel_url` and needs
    /// `return_url` with the placeholder unless `redirect_on_completion` is `never` (then none);
    /// `hosted_page` (or no `ui_mode`) needs `success_url` and takes neither `return_url` nor
    /// `redirect_on_completion`.
    public static var objectRules: [SchemaRule] {
        let never = SchemaRule.shape(
            required: ["redirect_on_completion"], properties: ["redirect_on_completion": .object(["const": .string("never")])])
        let returnRule = SchemaRule.when(
            never, then: SchemaRule.shape(absent: ["return_url"]),
            otherwise: SchemaRule.shape(
                required: ["return_url"],
                properties: ["return_url": .object(["pattern": .string("\\{CHECKOUT_SESSION_ID\\}")])]))
        var inSite: [String: JSONValue] = [:]
        if case .object(let members) = SchemaRule.shape(absent: ["success_url", "cancel_url"]) { inSite = members }
        inSite["allOf"] = .array([.object(returnRule.keywords)])
        return [
            .dependentRequired("setup_future_usage", ["customer_reference"]),
            .when(
                SchemaRule.shape(
                    required: ["ui_mode"], properties: ["ui_mode": .object(["enum": .array(CheckoutUIMode.inSiteValues.map(JSONValue.string))])]),
                then: .object(inSite),
                otherwise: SchemaRule.shape(required: ["success_url"], absent: ["return_url", "redirect_on_completion"])),
        ] + SchemaRule.paymentMethodCurrency(currency: Self.lineCurrencyOneOf)
    }

    /// Every line's `price_data.currency` (when the line has one) is one of `allowed`.
    static func lineCurrencyOneOf(_ allowed: [String]) -> JSONValue {
        let priceData = SchemaRule.shape(properties: ["currency": .object(["enum": .array(allowed.map(JSONValue.string))])])
        return SchemaRule.shape(properties: ["line_items": .object(["items": SchemaRule.shape(properties: ["price_data": priceData])])])
    }
}
