/// Parameters of `POST /v1/setup_intents` (https://docs.stripe.com/api/setup_intents/create).
public struct SetupIntentCreateParams: StripeParams, Equatable {
    /// The Customer the method is saved for, `cus_…`.
    public var customer: String?
    /// `automatic_payment_methods[enabled]`.
    public var automaticPaymentMethods: Bool?
    /// Explicit method types (named by version, as for PaymentIntents).
    public var paymentMethodTypes: [String]?
    /// `off_session` (Stripe's default) or `on_session`.
    public var usage: String?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// SetupIntent parameters.
    public init(
        customer: String? = nil, automaticPaymentMethods: Bool? = nil, paymentMethodTypes: [String]? = nil,
        usage: String? = nil, metadata: [String: String]? = nil, extra: FormParams = FormParams()
    ) {
        self.customer = customer; self.automaticPaymentMethods = automaticPaymentMethods
        self.paymentMethodTypes = paymentMethodTypes; self.usage = usage; self.metadata = metadata; self.extra = extra
    }

    /// The form parameters of ``StripeAPIVersion/current``.
    public var formParams: FormParams { formParams(apiVersion: StripeAPIVersion.current) }

    /// The form parameters in a fixed order, the method types named as `apiVersion` names them.
    public func formParams(apiVersion: String) -> FormParams {
        var p = FormParams()
        p.set("customer", customer)
        if let automaticPaymentMethods { p["automatic_payment_methods"] = ["enabled": .bool(automaticPaymentMethods)] }
        p.set(
            StripeAPIVersion.usesAllowedPaymentMethodTypes(apiVersion) ? "allowed_payment_method_types" : "payment_method_types",
            paymentMethodTypes)
        p.set("usage", usage)
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}
