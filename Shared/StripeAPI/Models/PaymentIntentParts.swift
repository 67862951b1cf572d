/// Why the last payment attempt of a PaymentIntent failed (`last_payment_error`), in
/// the shape of a Stripe error.
public struct PaymentIntentLastError: Codable, Sendable, Equatable {
    /// Stripe's error type, e.g. `card_error`.
    public var type: String?
    /// Stripe's error code, e.g. `card_declined`.
    public var code: String?
    /// The issuer's decline code, e.g. `insufficient_funds`.
    public var declineCode: String?
    /// A human-readable message.
    public var message: String?
    /// The parameter concerned.
    public var param: String?
    /// The payment method that failed.
    public var paymentMethod: PaymentMethod?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        type: String? = nil, code: String? = nil, declineCode: String? = nil, message: String? = nil,
        param: String? = nil, paymentMethod: PaymentMethod? = nil
    ) {
        self.type = type
        self.code = code
        self.declineCode = declineCode
        self.message = message
        self.param = param
        self.paymentMethod = paymentMethod
    }

    enum CodingKeys: String, CodingKey {
        case type
        case code
        case declineCode = "decline_code"
        case message
        case param
        case paymentMethod = "payment_method"
    }
}

/// What must happen for a PaymentIntent in `requires_action`.
public struct PaymentIntentNextAction: Codable, Sendable, Equatable {
    /// e.g. `redirect_to_url`, `use_stripe_sdk`.
    public var type: String?
    /// Where to send the customer (type `redirect_to_url`).
    public var redirectToUrl: RedirectToURL?
    /// Data for Stripe's client SDKs (type `use_stripe_sdk`), raw.
    public var useStripeSdk: StripeJSONValue?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(type: String? = nil, redirectToUrl: RedirectToURL? = nil, useStripeSdk: StripeJSONValue? = nil) {
        self.type = type
        self.redirectToUrl = redirectToUrl
        self.useStripeSdk = useStripeSdk
    }

    enum CodingKeys: String, CodingKey {
        case type
        case redirectToUrl = "redirect_to_url"
        case useStripeSdk = "use_stripe_sdk"
    }
}

/// A redirect for authentication (3D Secure).
public struct RedirectToURL: Codable, Sendable, Equatable {
    /// Where to send the customer.
    public var url: String?
    /// Where the customer comes back to.
    public var returnUrl: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(url: String? = nil, returnUrl: String? = nil) {
        self.url = url
        self.returnUrl = returnUrl
    }

    enum CodingKeys: String, CodingKey {
        case url
        case returnUrl = "return_url"
    }
}

/// Automatic payment method settings.
public struct AutomaticPaymentMethods: Codable, Sendable, Equatable {
    /// Whether payment methods come from the Dashboard settings.
    public var enabled: Bool?
    /// `always` or `never`.
    public var allowRedirects: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(enabled: Bool? = nil, allowRedirects: String? = nil) {
        self.enabled = enabled
        self.allowRedirects = allowRedirects
    }

    enum CodingKeys: String, CodingKey {
        case enabled
        case allowRedirects = "allow_redirects"
    }
}

/// Where the funds of a destination charge go.
public struct TransferData: Codable, Sendable, Equatable {
    /// The connected account, as id or expanded.
    public var destination: Expandable<Account>?
    /// The amount transferred in the currency's smallest unit (e.g. cents).
    public var amount: Int?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(destination: Expandable<Account>? = nil, amount: Int? = nil) {
        self.destination = destination
        self.amount = amount
    }

    enum CodingKeys: String, CodingKey {
        case destination
        case amount
    }
}

/// Per-method options of a PaymentIntent (`payment_method_options`).
public struct PaymentMethodOptions: Codable, Sendable, Equatable {
    /// Options for in-person card payments.
    public var cardPresent: CardPresentOptions?
    /// Options for online card payments.
    public var card: CardOptions?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(cardPresent: CardPresentOptions? = nil, card: CardOptions? = nil) {
        self.cardPresent = cardPresent
        self.card = card
    }

    enum CodingKeys: String, CodingKey {
        case cardPresent = "card_present"
        case card
    }
}

/// Options for online card payments (`payment_method_options[card]`).
public struct CardOptions: Codable, Sendable, Equatable {
    /// The buyer must enter the saved card's CVC again when confirming (`require_cvc_recollection`).
    public var requireCvcRecollection: Bool?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(requireCvcRecollection: Bool? = nil) {
        self.requireCvcRecollection = requireCvcRecollection
    }

    enum CodingKeys: String, CodingKey {
        case requireCvcRecollection = "require_cvc_recollection"
    }
}

/// Options for in-person (Terminal) card payments.
public struct CardPresentOptions: Codable, Sendable, Equatable {
    /// Whether an extended authorization was requested.
    public var requestExtendedAuthorization: Bool?
    /// Whether incremental authorization support was requested.
    public var requestIncrementalAuthorizationSupport: Bool?
    /// A method-specific capture method, e.g. `manual_preferred`.
    public var captureMethod: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        requestExtendedAuthorization: Bool? = nil, requestIncrementalAuthorizationSupport: Bool? = nil,
        captureMethod: String? = nil
    ) {
        self.requestExtendedAuthorization = requestExtendedAuthorization
        self.requestIncrementalAuthorizationSupport = requestIncrementalAuthorizationSupport
        self.captureMethod = captureMethod
    }

    enum CodingKeys: String, CodingKey {
        case requestExtendedAuthorization = "request_extended_authorization"
        case requestIncrementalAuthorizationSupport = "request_incremental_authorization_support"
        case captureMethod = "capture_method"
    }
}
