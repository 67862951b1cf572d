/// Products and prices (https://docs.stripe.com/api/products, /api/prices).
/// Mutating calls need `options.idempotencyKey`; all throw ``StripeError``.
extension StripeClient {
    /// `POST /v1/products`: creates a product.
    public func createProduct(_ params: ProductCreateParams, options: RequestOptions) throws(StripeError) -> Product {
        try request(.post, "/v1/products", params: params.formParams, options: options)
    }

    /// `GET /v1/products/{id}`: retrieves a product.
    public func retrieveProduct(_ id: String, options: RequestOptions = RequestOptions()) throws(StripeError) -> Product {
        try request(.get, Self.path("/v1/products", id), options: options)
    }

    /// `POST /v1/prices`: creates a price.
    public func createPrice(_ params: PriceCreateParams, options: RequestOptions) throws(StripeError) -> Price {
        try request(.post, "/v1/prices", params: params.formParams, options: options)
    }

    /// `GET /v1/prices/{id}`: retrieves a price.
    public func retrievePrice(_ id: String, options: RequestOptions = RequestOptions()) throws(StripeError) -> Price {
        try request(.get, Self.path("/v1/prices", id), options: options)
    }
}
