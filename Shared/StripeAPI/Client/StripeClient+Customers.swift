/// Customers, customer sessions and ephemeral keys (https://docs.stripe.com/api/customers).
/// Mutating calls need `options.idempotencyKey`; all throw ``StripeError``.
extension StripeClient {
    /// `POST /v1/customers`: creates a customer.
    public func createCustomer(_ params: CustomerCreateParams, options: RequestOptions) throws(StripeError) -> Customer {
        try request(.post, "/v1/customers", params: params.formParams, options: options)
    }

    /// `GET /v1/customers/{id}`: retrieves a customer.
    public func retrieveCustomer(_ id: String, options: RequestOptions = RequestOptions()) throws(StripeError) -> Customer {
        try request(.get, Self.path("/v1/customers", id), options: options)
    }

    /// `POST /v1/customers/{id}`: updates a customer (e.g. its
    /// `invoice_settings[default_payment_method]`).
    public func updateCustomer(_ id: String, _ params: CustomerUpdateParams, options: RequestOptions) throws(StripeError) -> Customer {
        try request(.post, Self.path("/v1/customers", id), params: params.formParams, options: options)
    }

    /// `GET /v1/customers`: one page of customers (filter `email` in `params.filters`).
    public func listCustomers(
        _ params: ListParams = ListParams(),
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> StripeList<Customer> {
        try list("/v1/customers", params: params, options: options)
    }

    /// `POST /v1/customer_sessions`: a client secret for client-side components.
    public func createCustomerSession(
        _ params: CustomerSessionCreateParams,
        options: RequestOptions
    ) throws(StripeError) -> CustomerSession {
        try request(.post, "/v1/customer_sessions", params: params.formParams, options: options)
    }

    /// `POST /v1/ephemeral_keys` with `Stripe-Version: apiVersion` (the version the mobile
    /// SDK asks for; it overrides `options.stripeVersion` and the pinned version).
    public func createEphemeralKey(
        _ params: EphemeralKeyCreateParams, apiVersion: String,
        options: RequestOptions
    ) throws(StripeError) -> EphemeralKey {
        var versioned = options
        versioned.stripeVersion = apiVersion
        return try request(.post, "/v1/ephemeral_keys", params: params.formParams, options: versioned)
    }
}
