/// Charges, refunds and application fees (https://docs.stripe.com/api/refunds).
/// Mutating calls need `options.idempotencyKey`; all throw ``StripeError``.
extension StripeClient {
    /// `GET /v1/charges/{id}`: retrieves a charge.
    public func retrieveCharge(
        _ id: String, expand: [String]? = nil,
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> Charge {
        try request(.get, Self.path("/v1/charges", id), params: Self.expandParams(expand), options: options)
    }

    /// `POST /v1/refunds`: refunds all or part of a PaymentIntent or charge.
    public func createRefund(_ params: RefundCreateParams, options: RequestOptions) throws(StripeError) -> Refund {
        try request(.post, "/v1/refunds", params: params.formParams, options: options)
    }

    /// `GET /v1/refunds/{id}`: retrieves a refund.
    public func retrieveRefund(_ id: String, options: RequestOptions = RequestOptions()) throws(StripeError) -> Refund {
        try request(.get, Self.path("/v1/refunds", id), options: options)
    }

    /// `GET /v1/application_fees/{id}`: retrieves a platform fee.
    public func retrieveApplicationFee(_ id: String, options: RequestOptions = RequestOptions()) throws(StripeError) -> ApplicationFee {
        try request(.get, Self.path("/v1/application_fees", id), options: options)
    }

    /// `GET /v1/application_fees`: one page of platform fees (filter `charge` in `params.filters`).
    public func listApplicationFees(
        _ params: ListParams = ListParams(),
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> StripeList<ApplicationFee> {
        try list("/v1/application_fees", params: params, options: options)
    }
}

extension StripeClient {
    /// `GET /v1/balance`: the balance of the platform, or of the connected account in
    /// `options.stripeAccount` (https://docs.stripe.com/api/balance/balance_retrieve).
    public func retrieveBalance(options: RequestOptions = RequestOptions()) throws(StripeError) -> Balance {
        try request(.get, "/v1/balance", options: options)
    }
}

extension StripeClient {
    /// `GET /v1/balance_transactions`: one page of the balance transactions of the platform,
    /// or of the connected account in `options.stripeAccount`, newest first (filters
    /// `created[gte]`, `created[lt]`, `type`, `currency`, `source` in `params.filters`;
    /// `params.expand` e.g. `data.source`). See https://docs.stripe.com/api/balance_transactions/list.
    public func listBalanceTransactions(
        _ params: ListParams = ListParams(),
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> StripeList<BalanceTransaction> {
        try list("/v1/balance_transactions", params: params, options: options)
    }

    /// Every balance transaction matching `params` across pages (at most `maxItems`), newest first.
    public func listAllBalanceTransactions(
        _ params: ListParams = ListParams(), options: RequestOptions = RequestOptions(),
        maxItems: Int = Int.max
    ) throws(StripeError) -> [BalanceTransaction] {
        try autoPagingList("/v1/balance_transactions", params: params, options: options, maxItems: maxItems)
    }
}
