/// PaymentIntents (https://docs.stripe.com/api/payment_intents).
/// Mutating calls need `options.idempotencyKey`; all throw ``StripeError``.
extension StripeClient {
    /// `POST /v1/payment_intents`: creates a PaymentIntent.
    public func createPaymentIntent(
        _ params: PaymentIntentCreateParams,
        options: RequestOptions
    ) throws(StripeError) -> PaymentIntent {
        try request(.post, "/v1/payment_intents", params: params.formParams(apiVersion: apiVersion(for: options)), options: options)
    }

    /// `GET /v1/payment_intents/{id}`: retrieves a PaymentIntent (e.g. `expand: ["latest_charge"]`).
    public func retrievePaymentIntent(
        _ id: String, expand: [String]? = nil,
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> PaymentIntent {
        try request(.get, Self.path("/v1/payment_intents", id), params: Self.expandParams(expand), options: options)
    }

    /// `POST /v1/payment_intents/{id}`: updates a PaymentIntent.
    public func updatePaymentIntent(
        _ id: String, _ params: PaymentIntentUpdateParams,
        options: RequestOptions
    ) throws(StripeError) -> PaymentIntent {
        try request(.post, Self.path("/v1/payment_intents", id), params: params.formParams, options: options)
    }

    /// `POST /v1/payment_intents/{id}/confirm`: confirms a PaymentIntent.
    public func confirmPaymentIntent(
        _ id: String, _ params: PaymentIntentConfirmParams = PaymentIntentConfirmParams(),
        options: RequestOptions
    ) throws(StripeError) -> PaymentIntent {
        try request(.post, Self.path("/v1/payment_intents", id, "/confirm"), params: params.formParams, options: options)
    }

    /// `POST /v1/payment_intents/{id}/capture`: captures all or part of an authorization.
    public func capturePaymentIntent(
        _ id: String, _ params: PaymentIntentCaptureParams = PaymentIntentCaptureParams(),
        options: RequestOptions
    ) throws(StripeError) -> PaymentIntent {
        try request(.post, Self.path("/v1/payment_intents", id, "/capture"), params: params.formParams, options: options)
    }

    /// `POST /v1/payment_intents/{id}/cancel`: cancels a PaymentIntent.
    public func cancelPaymentIntent(
        _ id: String, _ params: PaymentIntentCancelParams = PaymentIntentCancelParams(),
        options: RequestOptions
    ) throws(StripeError) -> PaymentIntent {
        try request(.post, Self.path("/v1/payment_intents", id, "/cancel"), params: params.formParams, options: options)
    }

    /// `GET /v1/payment_intents`: one page (filters such as `customer` go in `params.filters`).
    public func listPaymentIntents(
        _ params: ListParams = ListParams(),
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> StripeList<PaymentIntent> {
        try list("/v1/payment_intents", params: params, options: options)
    }

    /// Every PaymentIntent matching `params` across pages (at most `maxItems`).
    public func listAllPaymentIntents(
        _ params: ListParams = ListParams(), options: RequestOptions = RequestOptions(),
        maxItems: Int = Int.max
    ) throws(StripeError) -> [PaymentIntent] {
        try autoPagingList("/v1/payment_intents", params: params, options: options, maxItems: maxItems)
    }
}
