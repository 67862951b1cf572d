/// Parameters of `POST /v1/ephemeral_keys`. The request must carry the `Stripe-Version`
/// the mobile SDK asks for (``StripeClient/createEphemeralKey(_:apiVersion:options:)``).
public struct EphemeralKeyCreateParams: StripeParams, Equatable {
    /// The customer the key gives access to, `cus_…`.
    public var customer: String?
    /// Parameters not modelled here (e.g. `issuing_card`, `nonce`), set last.
    public var extra: FormParams

    /// Ephemeral key parameters.
    public init(customer: String? = nil, extra: FormParams = FormParams()) {
        self.customer = customer; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("customer", customer)
        return p.merging(extra)
    }
}
