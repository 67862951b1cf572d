import Messages
import Runtime
import StripeAPI

/// `onboarding.update_account` (Stripe-bound): `POST /v1/accounts/{id}` with the prefill the
/// command changes (Idempotency-Key `<message_id>:update_account`).
///
/// Refusals before Stripe is called (nothing written): `not_found.account`,
/// `conflict.invalid_state` for a deauthorized account, `conflict.update_not_allowed` for
/// fields Stripe does not let the platform change on this account (``AccountControl/forbidden(_:)``).
/// Stripe's own refusal is answered as `stripe.<code>`. The account's status follows from
/// the `account.updated` event Stripe sends. Thread-safety: `Sendable`, stateless.
struct UpdateAccountHandler: Sendable {
    /// SQL of the accounts table.
    let accounts: AccountStore
    /// SQL of the account controls.
    let controls: AccountControlStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: UpdateAccount, _ context: inout HandlerContext) throws -> Reply<UpdateAccount.Result> {
        guard let record = try accounts.find(accountId: command.account, on: context.db) else {
            return .error(.notFound("account", id: command.account))
        }
        if record.projection.deauthorized {
            return .error(.conflict("invalid_state", "account \(command.account) disconnected the platform"))
        }
        let fields = command.changedFields
        if let control = try controls.find(accountId: command.account, on: context.db) {
            let forbidden = control.forbidden(fields)
            if let first = forbidden.first {
                let reason =
                    first == "tos_acceptance" || !control.onboardingStarted
                    ? "Stripe collects this account's requirements, so its onboarding asks for the terms"
                    : "onboarding has started and Stripe collects this account's requirements; the seller changes it through Stripe (account_management component or dashboard)"
                return .error(
                    ReplyError(
                        code: ReplyError.Code.updateNotAllowed,
                        message: "\(forbidden.joined(separator: ", ")) cannot be changed by the platform: \(reason)",
                        retryable: false, field: first))
            }
        }
        let params = Self.params(command)
        let key = context.idempotencyKey("update_account")
        switch try context.stripe({ client throws(StripeError) in
            try client.updateAccount(command.account, params, options: .idempotent(key)).requirements?.currentlyDue ?? []
        }) {
        case .success(let due): return .ok(UpdateAccount.Result(account: command.account, updated: fields, currentlyDue: due))
        case .failure(let error): return .error(error)
        }
    }

    /// `POST /v1/accounts/{id}` parameters: only the fields the command gives.
    static func params(_ command: UpdateAccount) -> AccountUpdateParams {
        AccountUpdateParams(
            email: command.email, businessType: command.businessType,
            businessProfile: command.businessProfile.map(BusinessProfileParams.init),
            individual: command.individual.map { PersonParams($0) }, company: command.company.map(CompanyParams.init),
            externalAccount: command.externalAccount.map(ExternalAccountParams.init),
            tosAcceptance: command.tosAcceptance.map(TosAcceptanceParams.init),
            settings: command.settings.map(AccountSettingsParams.init), requestedCapabilities: command.capabilities,
            metadata: command.metadata)
    }
}
