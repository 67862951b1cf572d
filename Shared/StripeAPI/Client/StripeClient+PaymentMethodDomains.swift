/// Payment method domains (https://docs.stripe.com/api/payment_method_domains): the web
/// domains on which Elements may offer Apple Pay, Google Pay, Link and PayPal. For direct
/// charges each connected account needs its own (`options.stripeAccount`). Mutating calls need
/// `options.idempotencyKey`; all throw ``StripeError``.
extension StripeClient {
    /// `POST /v1/payment_method_domains`: registers a domain.
    public func createPaymentMethodDomain(
        _ params: PaymentMethodDomainCreateParams,
        options: RequestOptions
    ) throws(StripeError) -> PaymentMethodDomain {
        try request(.post, "/v1/payment_method_domains", params: params.formParams, options: options)
    }

    /// `GET /v1/payment_method_domains/{id}`: retrieves one.
    public func retrievePaymentMethodDomain(
        _ id: String, options: RequestOptions = RequestOptions()
    ) throws(StripeError)
        -> PaymentMethodDomain
    {
        try request(.get, Self.path("/v1/payment_method_domains", id), options: options)
    }

    /// `GET /v1/payment_method_domains`, every page (filters `domain_name`, `enabled`).
    /// - Parameters:
    ///   - domainName: only this hostname.
    ///   - enabled: only enabled (true) or disabled (false) domains.
    public func listPaymentMethodDomains(
        domainName: String? = nil, enabled: Bool? = nil,
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> [PaymentMethodDomain] {
        var filters = FormParams()
        filters.set("domain_name", domainName)
        filters.set("enabled", enabled)
        var all: [PaymentMethodDomain] = []
        try autoPaging("/v1/payment_method_domains", params: ListParams(limit: 100, filters: filters), options: options) {
            (domain: PaymentMethodDomain) in
            all.append(domain)
            return true
        }
        return all
    }
}
