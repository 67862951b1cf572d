/// Parameters of `POST /v1/customers/{id}` (https://docs.stripe.com/api/customers/update).
public struct CustomerUpdateParams: StripeParams, Equatable {
    /// Email.
    public var email: String?
    /// `invoice_settings[default_payment_method]`: the Customer's default PaymentMethod
    /// (`pm_…`), which must be attached to it (Stripe refuses another with `resource_missing`);
    /// `""` clears it.
    public var defaultPaymentMethod: String?
    /// Your key-value data (merged by Stripe; an empty value removes a key).
    public var metadata: [String: String]?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Customer update parameters; absent fields are not sent.
    public init(email: String? = nil, defaultPaymentMethod: String? = nil, metadata: [String: String]? = nil, extra: FormParams = FormParams()) {
        self.email = email; self.defaultPaymentMethod = defaultPaymentMethod; self.metadata = metadata; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("email", email)
        if let defaultPaymentMethod {
            var settings = FormParams()
            settings.set("default_payment_method", defaultPaymentMethod)
            p.set("invoice_settings", settings)
        }
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}
