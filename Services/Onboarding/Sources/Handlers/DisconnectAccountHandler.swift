import Messages
import Runtime
import StripeAPI

/// `onboarding.disconnect_account` (Stripe-bound): `POST /oauth/deauthorize` (connect base,
/// the platform's client id, the account as `stripe_user_id`, Idempotency-Key
/// `<message_id>:deauthorize`).
///
/// Nothing is written here: Stripe answers with `account.application.deauthorized`, and
/// ``AccountEventHandler`` marking the account from that event stays the one path to
/// `deauthorized` (the same as a seller disconnecting in the Dashboard). Refusals:
/// `conflict.oauth_not_configured`, `not_found.account`, `conflict.invalid_state` (already
/// deauthorized), `conflict.not_connected` (Stripe's `invalid_client`).
/// Thread-safety: `Sendable`, stateless.
struct DisconnectAccountHandler: Sendable {
    /// SQL of the accounts table.
    let accounts: AccountStore
    /// The platform's Connect client id (`STRIPE_CONNECT_CLIENT_ID`), if configured.
    let clientId: String?

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: DisconnectAccount, _ context: inout HandlerContext) throws -> Reply<DisconnectAccount.Result> {
        guard let clientId else { return .error(OnboardingSettings.oauthNotConfigured) }
        guard let record = try accounts.find(accountId: command.account, on: context.db) else {
            return .error(.notFound("account", id: command.account))
        }
        if record.projection.deauthorized {
            return .error(.conflict("invalid_state", "account \(command.account) already disconnected the platform"))
        }
        let key = context.idempotencyKey("deauthorize")
        switch try context.stripe({ client throws(StripeError) in
            try client.deauthorizeAccount(clientId: clientId, stripeUserId: command.account, options: .idempotent(key))
        }) {
        case .success(let answer): return .ok(DisconnectAccount.Result(account: answer.stripeUserId))
        case .failure(let error) where error.stripe?.code == "invalid_client":
            return .error(
                ReplyError(
                    code: ReplyError.Code.notConnected,
                    message: "Stripe says account \(command.account) is not connected to the platform: \(error.message)", stripe: error.stripe))
        case .failure(let error): return .error(error)
        }
    }
}
