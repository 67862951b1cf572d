/// SetupIntents and a customer's saved PaymentMethods
/// (https://docs.stripe.com/api/setup_intents, https://docs.stripe.com/api/payment_methods).
/// Mutating calls need `options.idempotencyKey`; all throw ``StripeError``.
extension StripeClient {
    /// `POST /v1/setup_intents`: creates a SetupIntent.
    public func createSetupIntent(_ params: SetupIntentCreateParams, options: RequestOptions) throws(StripeError) -> SetupIntent {
        try request(.post, "/v1/setup_intents", params: params.formParams(apiVersion: apiVersion(for: options)), options: options)
    }

    /// `GET /v1/setup_intents/{id}`: retrieves a SetupIntent.
    public func retrieveSetupIntent(_ id: String, options: RequestOptions = RequestOptions()) throws(StripeError) -> SetupIntent {
        try request(.get, Self.path("/v1/setup_intents", id), options: options)
    }

    /// `GET /v1/payment_methods/{id}`: retrieves a PaymentMethod (404 `resource_missing` on another account).
    public func retrievePaymentMethod(_ id: String, options: RequestOptions = RequestOptions()) throws(StripeError) -> PaymentMethod {
        try request(.get, Self.path("/v1/payment_methods", id), options: options)
    }

    /// `GET /v1/customers/{id}/payment_methods`: one page of the customer's saved methods
    /// (filter `type` in `params.filters`).
    public func listCustomerPaymentMethods(
        _ customer: String, _ params: ListParams = ListParams(),
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> StripeList<PaymentMethod> {
        try list(Self.path("/v1/customers", customer, "/payment_methods"), params: params, options: options)
    }

    /// `POST /v1/payment_methods/{id}/attach`: attaches a PaymentMethod to `customer`. Stripe
    /// refuses one used without a customer and without `setup_future_usage`, or detached
    /// (https://docs.stripe.com/api/payment_methods/attach).
    public func attachPaymentMethod(_ id: String, customer: String, options: RequestOptions) throws(StripeError) -> PaymentMethod {
        var params = FormParams()
        params.set("customer", customer)
        return try request(.post, Self.path("/v1/payment_methods", id, "/attach"), params: params, options: options)
    }

    /// `POST /v1/payment_methods/{id}/detach`: detaches a PaymentMethod from its customer.
    public func detachPaymentMethod(_ id: String, options: RequestOptions) throws(StripeError) -> PaymentMethod {
        try request(.post, Self.path("/v1/payment_methods", id, "/detach"), options: options)
    }
}
