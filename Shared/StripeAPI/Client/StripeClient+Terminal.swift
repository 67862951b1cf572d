/// Terminal: connection tokens, locations, readers and reader actions
/// (https://docs.stripe.com/api/terminal). Mutating calls need `options.idempotencyKey`;
/// all throw ``StripeError``.
extension StripeClient {
    /// `POST /v1/terminal/connection_tokens`: a token for a reader SDK, optionally
    /// restricted to a location.
    public func createConnectionToken(
        location: String? = nil,
        options: RequestOptions
    ) throws(StripeError) -> TerminalConnectionToken {
        var params = FormParams()
        params.set("location", location)
        return try request(.post, "/v1/terminal/connection_tokens", params: params, options: options)
    }

    /// `POST /v1/terminal/locations`: creates a location.
    public func createLocation(
        _ params: TerminalLocationCreateParams,
        options: RequestOptions
    ) throws(StripeError) -> TerminalLocation {
        try request(.post, "/v1/terminal/locations", params: params.formParams, options: options)
    }

    /// `GET /v1/terminal/locations/{id}`: retrieves a location.
    public func retrieveLocation(_ id: String, options: RequestOptions = RequestOptions()) throws(StripeError) -> TerminalLocation {
        try request(.get, Self.path("/v1/terminal/locations", id), options: options)
    }

    /// `GET /v1/terminal/locations`: one page of locations.
    public func listLocations(
        _ params: ListParams = ListParams(),
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> StripeList<TerminalLocation> {
        try list("/v1/terminal/locations", params: params, options: options)
    }

    /// `POST /v1/terminal/readers`: registers a reader.
    public func createReader(_ params: TerminalReaderCreateParams, options: RequestOptions) throws(StripeError) -> TerminalReader {
        try request(.post, "/v1/terminal/readers", params: params.formParams, options: options)
    }

    /// `GET /v1/terminal/readers/{id}`: retrieves a reader and its current action.
    public func retrieveReader(_ id: String, options: RequestOptions = RequestOptions()) throws(StripeError) -> TerminalReader {
        try request(.get, Self.path("/v1/terminal/readers", id), options: options)
    }

    /// `GET /v1/terminal/readers`: one page of readers (filter `location`, `status` in `params.filters`).
    public func listReaders(
        _ params: ListParams = ListParams(),
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> StripeList<TerminalReader> {
        try list("/v1/terminal/readers", params: params, options: options)
    }

    /// `POST /v1/terminal/readers/{reader}/process_payment_intent`: hands a PaymentIntent
    /// to the reader; the outcome arrives later (`terminal.reader.action_*` events).
    public func processPaymentIntent(
        reader: String, _ params: ProcessPaymentIntentParams,
        options: RequestOptions
    ) throws(StripeError) -> TerminalReader {
        try request(
            .post, Self.path("/v1/terminal/readers", reader, "/process_payment_intent"),
            params: params.formParams, options: options)
    }

    /// `POST /v1/terminal/readers/{reader}/cancel_action`: cancels the reader's current action.
    public func cancelAction(reader: String, options: RequestOptions) throws(StripeError) -> TerminalReader {
        try request(.post, Self.path("/v1/terminal/readers", reader, "/cancel_action"), options: options)
    }

    /// Test helper `POST /v1/test_helpers/terminal/readers/{reader}/present_payment_method`:
    /// a simulated reader "reads" a card (test amounts decide the outcome).
    public func presentPaymentMethod(
        reader: String, _ params: PresentPaymentMethodParams = PresentPaymentMethodParams(),
        options: RequestOptions
    ) throws(StripeError) -> TerminalReader {
        try request(
            .post, Self.path("/v1/test_helpers/terminal/readers", reader, "/present_payment_method"),
            params: params.formParams, options: options)
    }
}
