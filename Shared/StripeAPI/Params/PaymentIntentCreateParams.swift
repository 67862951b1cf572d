/// Parameters of `POST /v1/payment_intents` (https://docs.stripe.com/api/payment_intents/create).
/// ``formParams(apiVersion:)`` sends the method list as `allowed_payment_method_types`
/// from 2026-09-30.endive on (where `payment_method_types` is refused with
/// `payment_method_types_no_longer_supported`) and as `payment_method_types` before.
public struct PaymentIntentCreateParams: StripeParams, Equatable {
    /// Amount to collect in the currency's smallest unit (e.g. 1099 = 10.99 USD).
    public var amount: Int
    /// Three-letter currency code.
    public var currency: String
    /// `automatic_payment_methods[enabled]`.
    public var automaticPaymentMethods: Bool?
    /// Allowed payment method types, e.g. `card_present` for Terminal (named by version).
    public var paymentMethodTypes: [String]?
    /// `automatic`, `automatic_async` or `manual`.
    public var captureMethod: CaptureMethod?
    /// The platform's fee in the smallest currency unit (direct charges on a connected account).
    public var applicationFeeAmount: Int?
    /// The customer, `cus_…`.
    public var customer: String?
    /// The payment method, `pm_…`.
    public var paymentMethod: String?
    /// Confirm at once.
    public var confirm: Bool?
    /// A ConfirmationToken (`ctoken_…`) the Payment Element created for a deferred intent,
    /// confirming with the method it collected (with `confirm`;
    /// https://docs.stripe.com/api/payment_intents/create#create_payment_intent-confirmation_token).
    public var confirmationToken: String? = nil
    /// Where to return after authentication (with `confirm`).
    public var returnUrl: String?
    /// Your description.
    public var description: String?
    /// `payment_method_options[card_present][request_extended_authorization]`.
    public var cardPresentRequestExtendedAuthorization: Bool?
    /// `payment_method_options[card_present][request_incremental_authorization_support]`.
    public var cardPresentRequestIncrementalAuthorizationSupport: Bool?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Fields to expand in the response.
    public var expand: [String]?
    /// Parameters not modelled here (e.g. `transfer_data[destination]`), set last.
    public var extra: FormParams

    /// PaymentIntent parameters.
    public init(
        amount: Int, currency: String, automaticPaymentMethods: Bool? = nil, paymentMethodTypes: [String]? = nil,
        captureMethod: CaptureMethod? = nil, applicationFeeAmount: Int? = nil, customer: String? = nil,
        paymentMethod: String? = nil, confirm: Bool? = nil, returnUrl: String? = nil, description: String? = nil,
        cardPresentRequestExtendedAuthorization: Bool? = nil,
        cardPresentRequestIncrementalAuthorizationSupport: Bool? = nil,
        metadata: [String: String]? = nil, expand: [String]? = nil, extra: FormParams = FormParams()
    ) {
        self.amount = amount; self.currency = currency; self.automaticPaymentMethods = automaticPaymentMethods
        self.paymentMethodTypes = paymentMethodTypes; self.captureMethod = captureMethod
        self.applicationFeeAmount = applicationFeeAmount; self.customer = customer; self.paymentMethod = paymentMethod
        self.confirm = confirm; self.returnUrl = returnUrl; self.description = description
        self.cardPresentRequestExtendedAuthorization = cardPresentRequestExtendedAuthorization
        self.cardPresentRequestIncrementalAuthorizationSupport = cardPresentRequestIncrementalAuthorizationSupport
        self.metadata = metadata; self.expand = expand; self.extra = extra
    }

    /// The form parameters of ``StripeAPIVersion/current``.
    public var formParams: FormParams { formParams(apiVersion: StripeAPIVersion.current) }

    /// The form parameters in a fixed order, named as `apiVersion` names them.
    public func formParams(apiVersion: String) -> FormParams {
        var p = FormParams()
        p.set("amount", amount)
        p.set("currency", currency)
        if let automaticPaymentMethods { p["automatic_payment_methods"] = ["enabled": .bool(automaticPaymentMethods)] }
        p.set(
            StripeAPIVersion.usesAllowedPaymentMethodTypes(apiVersion) ? "allowed_payment_method_types" : "payment_method_types",
            paymentMethodTypes)
        p.set("capture_method", captureMethod)
        p.set("application_fee_amount", applicationFeeAmount)
        p.set("customer", customer)
        p.set("payment_method", paymentMethod)
        p.set("confirm", confirm)
        p.set("confirmation_token", confirmationToken)
        p.set("return_url", returnUrl)
        p.set("description", description)
        var cardPresent = FormParams()
        cardPresent.set("request_extended_authorization", cardPresentRequestExtendedAuthorization)
        cardPresent.set("request_incremental_authorization_support", cardPresentRequestIncrementalAuthorizationSupport)
        if !cardPresent.isEmpty { p["payment_method_options"] = ["card_present": .object(cardPresent)] }
        p.set("metadata", metadata)
        p.set("expand", expand)
        return p.merging(extra)
    }
}
