import Messages
import Runtime

/// `onboarding.refresh_account_link` (Stripe-bound): what a `refresh_url` handler calls when
/// a link expired or was used — a new link with the parameters of the last one created for
/// the account (`POST /v1/account_links`, Idempotency-Key `<message_id>:refresh_account_link`).
///
/// Reply errors: `not_found.account`, `not_found.account_link` (no link was ever created
/// for the account), `conflict.invalid_state` (deauthorized). Thread-safety: `Sendable`.
struct RefreshAccountLinkHandler: Sendable {
    /// SQL of the accounts table.
    let accounts: AccountStore
    /// SQL of the link parameters table.
    let links: AccountLinkParametersStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: RefreshAccountLink, _ context: inout HandlerContext) throws -> Reply<RefreshAccountLink.Result> {
        guard let parameters = try links.find(accountId: command.account, on: context.db) else {
            if try accounts.find(accountId: command.account, on: context.db) == nil {
                return .error(.notFound("account", id: command.account))
            }
            return .error(
                ReplyError(
                    code: "not_found.account_link",
                    message: "no account link was created for \(command.account); send onboarding.create_account_link"))
        }
        return try CreateAccountLinkHandler.issue(
            parameters, account: command.account, step: "refresh_account_link",
            accounts: accounts, links: links, context: &context)
    }
}
