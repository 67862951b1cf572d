/// Events and webhook endpoints (https://docs.stripe.com/api/events).
/// Mutating calls need `options.idempotencyKey`; all throw ``StripeError``.
extension StripeClient {
    /// `GET /v1/events/{id}`: retrieves an event (e.g. to re-check one received by webhook).
    public func retrieveEvent(_ id: String, options: RequestOptions = RequestOptions()) throws(StripeError) -> StripeEvent {
        try request(.get, Self.path("/v1/events", id), options: options)
    }

    /// `GET /v1/events`: one page of events, newest first (filter `type` in `params.filters`).
    public func listEvents(
        _ params: ListParams = ListParams(),
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> StripeList<StripeEvent> {
        try list("/v1/events", params: params, options: options)
    }

    /// `POST /v1/webhook_endpoints`: creates an endpoint; the response carries its `secret`.
    public func createWebhookEndpoint(
        _ params: WebhookEndpointCreateParams,
        options: RequestOptions
    ) throws(StripeError) -> WebhookEndpoint {
        try request(.post, "/v1/webhook_endpoints", params: params.formParams, options: options)
    }

    /// `POST /v1/webhook_endpoints/{id}`: changes an endpoint (the answer has no `secret`).
    public func updateWebhookEndpoint(
        _ id: String, _ params: WebhookEndpointUpdateParams,
        options: RequestOptions
    ) throws(StripeError) -> WebhookEndpoint {
        try request(.post, Self.path("/v1/webhook_endpoints", id), params: params.formParams, options: options)
    }

    /// `GET /v1/webhook_endpoints`, every page (100 a page): the account's endpoints, newest first.
    public func listAllWebhookEndpoints(options: RequestOptions = RequestOptions()) throws(StripeError) -> [WebhookEndpoint] {
        try autoPagingList("/v1/webhook_endpoints", params: ListParams(limit: 100), options: options)
    }

    /// `DELETE /v1/webhook_endpoints/{id}`: deletes an endpoint (its deliveries stop at once).
    public func deleteWebhookEndpoint(_ id: String, options: RequestOptions = RequestOptions()) throws(StripeError) {
        _ = try send(.delete, Self.path("/v1/webhook_endpoints", id), options: options)
    }
}
