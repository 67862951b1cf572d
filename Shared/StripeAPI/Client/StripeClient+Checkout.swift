/// Checkout Sessions (https://docs.stripe.com/api/checkout/sessions).
/// Mutating calls need `options.idempotencyKey`; all throw ``StripeError``.
extension StripeClient {
    /// `POST /v1/checkout/sessions`: creates a Checkout Session of any UI mode, with the
    /// parameter names and `ui_mode` values of the request's version
    /// (``apiVersion(for:)``).
    public func createCheckoutSession(
        _ params: CheckoutSessionCreateParams,
        options: RequestOptions
    ) throws(StripeError) -> CheckoutSession {
        try request(.post, "/v1/checkout/sessions", params: params.formParams(apiVersion: apiVersion(for: options)), options: options)
    }

    /// `GET /v1/checkout/sessions/{id}`: retrieves a session (e.g. `expand: ["line_items"]`).
    public func retrieveCheckoutSession(
        _ id: String, expand: [String]? = nil,
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> CheckoutSession {
        try request(.get, Self.path("/v1/checkout/sessions", id), params: Self.expandParams(expand), options: options)
    }

    /// `GET /v1/checkout/sessions/{id}/line_items`: one page of a session's items.
    public func listCheckoutSessionLineItems(
        _ id: String, params: ListParams = ListParams(),
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> StripeList<CheckoutSession.LineItem> {
        try list(Self.path("/v1/checkout/sessions", id, "/line_items"), params: params, options: options)
    }

    /// `POST /v1/checkout/sessions/{id}/expire`: expires an open session.
    public func expireCheckoutSession(_ id: String, options: RequestOptions) throws(StripeError) -> CheckoutSession {
        try request(.post, Self.path("/v1/checkout/sessions", id, "/expire"), options: options)
    }
}
