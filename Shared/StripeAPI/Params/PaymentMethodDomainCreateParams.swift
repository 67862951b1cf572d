/// Parameters of `POST /v1/payment_method_domains`
/// (https://docs.stripe.com/api/payment_method_domains/create).
public struct PaymentMethodDomainCreateParams: StripeParams, Equatable {
    /// The hostname to register (required).
    public var domainName: String
    /// Whether the domain is enabled (Stripe's default: true).
    public var enabled: Bool?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Domain parameters.
    public init(domainName: String, enabled: Bool? = nil, extra: FormParams = FormParams()) {
        self.domainName = domainName
        self.enabled = enabled
        self.extra = extra
    }

    /// `domain_name`, `enabled`, then `extra`.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("domain_name", domainName)
        p.set("enabled", enabled)
        return p.merging(extra)
    }
}
