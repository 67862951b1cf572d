/// Parameters of `POST /v1/customer_sessions` (https://docs.stripe.com/api/customer_sessions/create).
public struct CustomerSessionCreateParams: StripeParams, Equatable {
    /// The customer, `cus_…`.
    public var customer: String
    /// Components to enable, e.g. `payment_element`, `pricing_table`, `buy_button`
    /// (sent as `components[<name>][enabled]=true`, sorted).
    public var enabledComponents: [String]
    /// Parameters not modelled here (e.g. component features), set last.
    public var extra: FormParams

    /// Customer session parameters.
    public init(customer: String, enabledComponents: [String], extra: FormParams = FormParams()) {
        self.customer = customer; self.enabledComponents = enabledComponents; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("customer", customer)
        var components = FormParams()
        for name in enabledComponents.sorted() { components[name] = ["enabled": true] }
        p["components"] = .object(components)
        return p.merging(extra)
    }
}
