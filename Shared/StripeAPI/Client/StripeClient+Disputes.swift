/// Disputes (https://docs.stripe.com/api/disputes). Mutating calls need
/// `options.idempotencyKey`; all throw ``StripeError``. For a direct charge, pass the
/// connected account in `options.stripeAccount`.
extension StripeClient {
    /// `GET /v1/disputes/{id}`: retrieves a dispute.
    public func retrieveDispute(_ id: String, options: RequestOptions = RequestOptions()) throws(StripeError) -> Dispute {
        try request(.get, Self.path("/v1/disputes", id), options: options)
    }

    /// `POST /v1/disputes/{id}`: stages or submits evidence (``DisputeUpdateParams``).
    /// Stripe refuses a dispute that is no longer open with an `invalid_request_error`.
    public func updateDispute(_ id: String, _ params: DisputeUpdateParams, options: RequestOptions) throws(StripeError) -> Dispute {
        try request(.post, Self.path("/v1/disputes", id), params: params.formParams, options: options)
    }

    /// `POST /v1/disputes/{id}/close`: accepts the dispute as lost (no evidence will follow).
    public func closeDispute(_ id: String, options: RequestOptions) throws(StripeError) -> Dispute {
        try request(.post, Self.path("/v1/disputes", id, "/close"), options: options)
    }

    /// `GET /v1/disputes`: one page of disputes (filter `charge` or `payment_intent` in `params.filters`).
    public func listDisputes(
        _ params: ListParams = ListParams(), options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> StripeList<Dispute> {
        try list("/v1/disputes", params: params, options: options)
    }
}
