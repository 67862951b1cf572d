/// Parameters of `POST /v1/terminal/locations` (https://docs.stripe.com/api/terminal/locations/create).
public struct TerminalLocationCreateParams: StripeParams, Equatable {
    /// The name shown.
    public var displayName: String
    /// `address[line1]`.
    public var line1: String
    /// `address[city]`.
    public var city: String?
    /// `address[postal_code]`.
    public var postalCode: String?
    /// `address[state]`.
    public var state: String?
    /// `address[country]`: two-letter country code.
    public var country: String
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Location parameters.
    public init(
        displayName: String, line1: String, city: String? = nil, postalCode: String? = nil,
        state: String? = nil, country: String, metadata: [String: String]? = nil, extra: FormParams = FormParams()
    ) {
        self.displayName = displayName; self.line1 = line1; self.city = city; self.postalCode = postalCode
        self.state = state; self.country = country; self.metadata = metadata; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("display_name", displayName)
        var address = FormParams()
        address.set("line1", line1); address.set("city", city); address.set("postal_code", postalCode)
        address.set("state", state); address.set("country", country)
        p["address"] = .object(address)
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}

/// Parameters of `POST /v1/terminal/readers` (https://docs.stripe.com/api/terminal/readers/create).
public struct TerminalReaderCreateParams: StripeParams, Equatable {
    /// The code the reader shows (simulated readers: `simulated-wpe`, `simulated-s700`).
    public var registrationCode: String
    /// The location, `tml_…`.
    public var location: String?
    /// A label.
    public var label: String?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Reader parameters.
    public init(
        registrationCode: String, location: String? = nil, label: String? = nil,
        metadata: [String: String]? = nil, extra: FormParams = FormParams()
    ) {
        self.registrationCode = registrationCode; self.location = location; self.label = label
        self.metadata = metadata; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("registration_code", registrationCode)
        p.set("location", location)
        p.set("label", label)
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}

/// Parameters of `POST /v1/terminal/readers/{id}/process_payment_intent`
/// (https://docs.stripe.com/api/terminal/readers/process_payment_intent).
public struct ProcessPaymentIntentParams: StripeParams, Equatable {
    /// The PaymentIntent, `pi_…` (with `card_present` allowed).
    public var paymentIntent: String
    /// `process_config[skip_tipping]`.
    public var skipTipping: Bool?
    /// `process_config[enable_customer_cancellation]`.
    public var enableCustomerCancellation: Bool?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Process parameters.
    public init(
        paymentIntent: String, skipTipping: Bool? = nil, enableCustomerCancellation: Bool? = nil,
        extra: FormParams = FormParams()
    ) {
        self.paymentIntent = paymentIntent; self.skipTipping = skipTipping
        self.enableCustomerCancellation = enableCustomerCancellation; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("payment_intent", paymentIntent)
        var config = FormParams()
        config.set("skip_tipping", skipTipping)
        config.set("enable_customer_cancellation", enableCustomerCancellation)
        if !config.isEmpty { p["process_config"] = .object(config) }
        return p.merging(extra)
    }
}

/// Parameters of the test helper `POST /v1/test_helpers/terminal/readers/{id}/present_payment_method`.
public struct PresentPaymentMethodParams: StripeParams, Equatable {
    /// `card_present` (default) or `interac_present`.
    public var type: String?
    /// `card_present[number]`: a test card number.
    public var cardNumber: String?
    /// `amount_tip` in the smallest currency unit.
    public var amountTip: Int?

    /// Test-helper parameters.
    public init(type: String? = nil, cardNumber: String? = nil, amountTip: Int? = nil) {
        self.type = type; self.cardNumber = cardNumber; self.amountTip = amountTip
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("type", type)
        if let cardNumber { p["card_present"] = ["number": .string(cardNumber)] }
        p.set("amount_tip", amountTip)
        return p
    }
}
