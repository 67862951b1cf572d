/// `payments.confirm_payment`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct ConfirmPayment: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.confirm_payment"
    /// Schema version.
    public static let schemaVersion = 2
    /// Catalogue description.
    public static let messageDescription =
        "Server-side create-and-confirm of a PaymentIntent on the connected account, in one of two flows: with `payment_method`, as the legacy STPPaymentContext flow does (cards: the PaymentIntent is created with `payment_method_types=[card]`), or with `confirmation_token`, the deferred-intent flow of the Payment Element (the client collected the method under `intent_configuration` and created a ConfirmationToken; the PaymentIntent is created with automatic payment methods, redirect-based ones included, and confirmed with the token). Answers `succeeded`, `processing`, `requires_action` (with the client secret for the app to authenticate and, for a redirect-based method such as iDEAL, the URL of its page to send the buyer to) or, for a decline, a `stripe.card_declined` reply error with the decline code. Redelivery never charges twice."

    /// The seller's connected account; the charge is a direct charge on it.
    public var account: String
    /// The platform's order id.
    public var orderReference: String
    /// Amount to charge.
    public var amount: Int
    /// Currency of the amount.
    public var currency: String
    /// The PaymentMethod (`pm_…`) to charge, e.g. a test PaymentMethod like pm_card_visa;
    /// exactly one of this and ``confirmationToken``.
    public var paymentMethod: String?
    /// The ConfirmationToken (`ctoken_…`) the Payment Element created for a deferred intent;
    /// exactly one of this and ``paymentMethod``.
    public var confirmationToken: String?
    /// The platform's application fee, at most the amount.
    public var applicationFeeAmount: Int?
    /// The Customer (`cus_…`) the payment method belongs to.
    public var customer: String?
    /// Where a redirect-based authentication returns (https).
    public var returnUrl: String?
    /// Stored on the PaymentIntent.
    public var metadata: [String: String]?
    /// Where the order ships (Stripe's `shipping`: name and address line 1 required); sent
    /// with the confirmation, stored with the order and carried by `payments.order.paid`.
    public var shipping: Shipping?
    /// The shipping method the buyer chose (an `id` `payments.quote_shipping` answered for
    /// `shipping.address`); its amount, quoted again from the service's rules with `amount`
    /// as the subtotal, is added to the PaymentIntent's amount. Needs `shipping` with
    /// `address.country`; since `x-schema-version` 2.
    public var shippingMethod: String?

    /// Creates the command; optional fields default to absent.
    public init(
        account: String, orderReference: String, amount: Int, currency: String, paymentMethod: String? = nil, applicationFeeAmount: Int? = nil,
        customer: String? = nil, returnUrl: String? = nil, metadata: [String: String]? = nil, shipping: Shipping? = nil,
        confirmationToken: String? = nil, shippingMethod: String? = nil
    ) {
        self.confirmationToken = confirmationToken
        self.shippingMethod = shippingMethod
        self.account = account
        self.orderReference = orderReference
        self.amount = amount
        self.currency = currency
        self.paymentMethod = paymentMethod
        self.applicationFeeAmount = applicationFeeAmount
        self.customer = customer
        self.returnUrl = returnUrl
        self.metadata = metadata
        self.shipping = shipping
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the charge is a direct charge on it.",
        "order_reference": "The platform's order id.",
        "amount": "Amount to charge.",
        "currency": "Currency of the amount.",
        "payment_method":
            "The PaymentMethod (`pm_…`) to charge, e.g. a test PaymentMethod like pm_card_visa (a card flow: `payment_method_types=[card]`); exactly one of this and `confirmation_token`.",
        "confirmation_token":
            "The ConfirmationToken (`ctoken_…`) the Payment Element created for a deferred intent (`intent_configuration`, the client's `stripe.createConfirmationToken`); the PaymentIntent is created with automatic payment methods and confirmed with it. Exactly one of this and `payment_method`.",
        "application_fee_amount":
            "The platform's application fee, at most the amount.. The service checks that bound; JSON Schema cannot compare two fields, so this schema does not.",
        "customer": "The Customer (`cus_…`) the payment method belongs to.",
        "return_url":
            "Where a redirect-based authentication or payment method returns (https); with `confirmation_token`, absent means the token's `return_url`.",
        "metadata": "Stored on the PaymentIntent.",
        "shipping":
            "Where the order ships (Stripe's `shipping`: name and address line 1 required); sent with the confirmation, stored with the order and carried by `payments.order.paid`.",
        "shipping_method":
            "The shipping method the buyer chose (an `id` `payments.quote_shipping` answered for `shipping.address`); its amount, quoted again from the service's rules with `amount` as the subtotal, is added to the PaymentIntent's amount (and the application fee stays as given). Needs `shipping` with `address.country`; a method the rules do not offer for the address is refused (`validation.shipping_method_unavailable`). Since `x-schema-version` 2.",
    ]

    /// The outcome of the confirmation.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account; the charge is a direct charge on it.
        public var account: String
        /// The platform's order id.
        public var orderReference: String
        /// The PaymentIntent id (`pi_…`).
        public var paymentIntent: String
        /// `succeeded`, `requires_action`, `processing` or `requires_capture`.
        public var status: PaymentIntentStatus
        /// With `requires_action`: the secret the app authenticates with.
        public var clientSecret: String?
        /// With `requires_action`: Stripe's `next_action.type`, e.g. use_stripe_sdk.
        public var nextActionType: String?
        /// With `requires_action` and `next_action.type` `redirect_to_url`: where to send the
        /// buyer (`next_action.redirect_to_url.url`; the bank's or Klarna's page).
        public var redirectUrl: String?
        /// Its amount.
        public var amount: Int
        /// Its currency.
        public var currency: String

        /// Creates the result; optional fields default to absent.
        public init(
            account: String, orderReference: String, paymentIntent: String, status: PaymentIntentStatus, clientSecret: String? = nil,
            nextActionType: String? = nil, redirectUrl: String? = nil, amount: Int, currency: String
        ) {
            self.redirectUrl = redirectUrl
            self.account = account
            self.orderReference = orderReference
            self.paymentIntent = paymentIntent
            self.status = status
            self.clientSecret = clientSecret
            self.nextActionType = nextActionType
            self.amount = amount
            self.currency = currency
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account; the charge is a direct charge on it.",
            "order_reference": "The platform's order id.",
            "payment_intent": "The PaymentIntent id (`pi_…`).",
            "status": "`succeeded`, `requires_action`, `processing` or `requires_capture`.",
            "client_secret": "With `requires_action`: the secret the app authenticates with.",
            "next_action_type": "With `requires_action`: Stripe's `next_action.type`, e.g. use_stripe_sdk.",
            "redirect_url":
                "With `requires_action` and `next_action.type` `redirect_to_url`: where to send the buyer (`next_action.redirect_to_url.url`; the bank's or Klarna's page).",
            "amount": "Its amount.",
            "currency": "Its currency.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.nonEmpty(orderReference, field: "order_reference")
        try Validation.charge(amount: amount, currency: currency, applicationFee: applicationFeeAmount)
        switch (paymentMethod, confirmationToken) {
        case (nil, nil): throw .missingField("payment_method")
        case (.some, .some): throw .invalid("confirmation_token", "give either payment_method or confirmation_token, not both")
        default: break
        }
        try Validation.id(paymentMethod, prefix: "pm_", field: "payment_method")
        try Validation.id(confirmationToken, prefix: "ctoken_", field: "confirmation_token")
        try Validation.id(customer, prefix: "cus_", field: "customer")
        try Validation.url(returnUrl, field: "return_url")
        try shipping?.validate()
        if let shippingMethod {
            try Validation.nonEmpty(shippingMethod, field: "shipping_method")
            guard let shipping else { throw .missingField("shipping") }
            if shipping.address.country == nil { throw .missingField("shipping.address.country") }
        }
    }
}

extension ConfirmPayment: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema (all but `application_fee_amount` ≤ `amount`, which JSON Schema cannot compare).
    public static var fieldRules: [String: SchemaRule] {
        [
            "account": .account,
            "order_reference": .nonEmpty,
            "amount": .positiveAmount,
            "currency": .currency,
            "application_fee_amount": .nonNegative,
            "payment_method": .stripeId("pm_"),
            "confirmation_token": .stripeId("ctoken_"),
            "customer": .stripeId("cus_"),
            "return_url": .url(),
            "shipping_method": .nonEmpty,
        ]
    }

    /// Stripe's minimum charge in the command's currency (``SchemaLimit/minimumCharge(amount:currency:)``),
    /// exactly one of `payment_method` and `confirmation_token`, and `shipping_method` needing
    /// `shipping` with `address.country`.
    public static var objectRules: [SchemaRule] {
        [
            .minimumCharge, .exactlyOne(of: ["payment_method", "confirmation_token"]),
            .dependentRequired("shipping_method", ["shipping"]),
            .when(
                .object(["required": .array([.string("shipping_method")])]),
                then: .object([
                    "properties": .object([
                        "shipping": .object([
                            "properties": .object(["address": .object(["required": .array([.string("country")])])])
                        ])
                    ])
                ])),
        ]
    }
}
