/// Connected accounts, persons and links (https://docs.stripe.com/api/accounts).
/// Mutating calls need `options.idempotencyKey`; all throw ``StripeError``.
extension StripeClient {
    /// `POST /v1/accounts`: creates a connected account.
    public func createAccount(_ params: AccountCreateParams, options: RequestOptions) throws(StripeError) -> Account {
        try request(.post, "/v1/accounts", params: params.formParams, options: options)
    }

    /// `GET /v1/accounts/{id}`: retrieves a connected account.
    public func retrieveAccount(
        _ id: String, expand: [String]? = nil,
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> Account {
        try request(.get, Self.path("/v1/accounts", id), params: Self.expandParams(expand), options: options)
    }

    /// `POST /v1/accounts/{id}`: updates a connected account.
    public func updateAccount(_ id: String, _ params: AccountUpdateParams, options: RequestOptions) throws(StripeError) -> Account {
        try request(.post, Self.path("/v1/accounts", id), params: params.formParams, options: options)
    }

    /// `POST /v1/accounts/{account}/persons`: adds a person to a connected account.
    public func createPerson(account: String, _ params: PersonCreateParams, options: RequestOptions) throws(StripeError) -> Person {
        try request(.post, Self.path("/v1/accounts", account, "/persons"), params: params.formParams, options: options)
    }

    /// `POST /v1/accounts/{account}/persons/{person}`: updates a person (the same parameters as create).
    public func updatePerson(
        account: String, person: String, _ params: PersonParams,
        options: RequestOptions
    ) throws(StripeError) -> Person {
        try request(
            .post, Self.path("/v1/accounts", account, "/persons/") + FormEncoding.percentEncode(person),
            params: params.formParams, options: options)
    }

    /// `POST /v1/account_links`: a single-use onboarding link.
    public func createAccountLink(_ params: AccountLinkCreateParams, options: RequestOptions) throws(StripeError) -> AccountLink {
        try request(.post, "/v1/account_links", params: params.formParams, options: options)
    }

    /// `POST /v1/accounts/{account}/login_links`: a single-use Express dashboard link.
    public func createLoginLink(account: String, options: RequestOptions) throws(StripeError) -> LoginLink {
        try request(.post, Self.path("/v1/accounts", account, "/login_links"), params: FormParams(), options: options)
    }

    /// `POST /v1/account_sessions`: a client secret for Connect's embedded components.
    public func createAccountSession(
        _ params: AccountSessionCreateParams,
        options: RequestOptions
    ) throws(StripeError) -> AccountSession {
        try request(.post, "/v1/account_sessions", params: params.formParams, options: options)
    }
}
