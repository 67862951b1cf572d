import Messages
import Runtime
import StripeAPI

/// `onboarding.create_account_link` (Stripe-bound): a fresh Account Link for a recorded
/// account. The link goes only into the reply; its parameters (never the URL) are kept so
/// `refresh_account_link` can issue the same link again.
///
/// Refusals (reply errors, nothing written): `not_found.account` for an account this
/// service did not record, `conflict.invalid_state` for a deauthorized account,
/// `validation.invalid_url` for a non-HTTPS URL with a live key. Stripe call:
/// `POST /v1/account_links`, Idempotency-Key `<message_id>:create_account_link`.
/// Issuing a link marks onboarding as started (``AccountControlStore``).
/// Thread-safety: `Sendable`, stateless.
struct CreateAccountLinkHandler: Sendable {
    /// SQL of the accounts table.
    let accounts: AccountStore
    /// SQL of the link parameters table.
    let links: AccountLinkParametersStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: CreateAccountLink, _ context: inout HandlerContext) throws -> Reply<CreateAccountLink.Result> {
        let parameters = AccountLinkParameters(
            type: command.type.rawValue, refreshURL: command.refreshUrl,
            returnURL: command.returnUrl, collect: command.collect?.rawValue)
        let policy = RedirectURLPolicy(apiKey: context.worker.config.stripeAPIKey ?? "")
        for (field, url) in [("refresh_url", command.refreshUrl), ("return_url", command.returnUrl)] {
            if let problem = policy.problem(with: url) {
                return .error(.invalid(field, problem, code: ReplyError.Code.invalidURL))
            }
        }
        return try Self.issue(
            parameters, account: command.account, step: "create_account_link",
            accounts: accounts, links: links, context: &context)
    }

    /// Creates a link for `account` with `parameters` and records the parameters, in the
    /// message's transaction. Shared with ``RefreshAccountLinkHandler``.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    static func issue(
        _ parameters: AccountLinkParameters, account: String, step: String, accounts: AccountStore,
        links: AccountLinkParametersStore, context: inout HandlerContext
    ) throws -> Reply<CreateAccountLink.Result> {
        guard let record = try accounts.find(accountId: account, on: context.db) else {
            return .error(.notFound("account", id: account))
        }
        if record.projection.deauthorized {
            return .error(.conflict("invalid_state", "account \(account) disconnected the platform"))
        }
        let key = context.idempotencyKey(step)
        let params = AccountLinkCreateParams(
            account: account, refreshUrl: parameters.refreshURL,
            returnUrl: parameters.returnURL, type: parameters.type, collect: parameters.collect)
        let link: (url: String, expiresAt: Int)
        switch try context.stripe({ client throws(StripeError) in
            let issued = try client.createAccountLink(params, options: .idempotent(key))
            return (
                issued.url,
                try StripeAnswer.required(
                    issued.expiresAt, "expires_at", of: "account_link",
                    from: "/v1/account_links", client: client)
            )
        }) {
        case .success(let issued): link = issued
        case .failure(let error): return .error(error)
        }
        let controls = AccountControlStore(schema: accounts.schema)
        try context.transaction { db in
            try links.save(parameters, accountId: account, on: db)
            try controls.markOnboardingStarted(accountId: account, on: db)
        }
        return .ok(CreateAccountLink.Result(account: account, url: link.url, expiresAt: link.expiresAt))
    }
}
