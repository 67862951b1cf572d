#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI

/// `onboarding.complete_oauth` (Stripe-bound): connects the Standard account a seller
/// authorized and records it like a created account.
///
/// 1. The state is checked (``OAuthStateCheck/refusal(_:now:)``: issued here, unused, not expired)
///    and its seller reference must have no account yet (`conflict.duplicate_reference`).
/// 2. `POST /oauth/token` (connect base, Idempotency-Key `<message_id>:oauth_token`, so a
///    retried message replays the exchange instead of spending the single-use code twice),
///    then `GET /v1/accounts/{stripe_user_id}`. The tokens are dropped at once: the platform
///    acts on the account with its own key and `Stripe-Account`. Stripe's `invalid_grant`
///    (a code used already, expired, another platform's) uses up the state and answers
///    `conflict.oauth_code_invalid`.
/// 3. One transaction: the state marked used (once: a second command finds it used), the
///    account row and its controls, `onboarding.account.created` and what the account's
///    state implies (`onboarding_completed` for an account that can already take charges),
///    the reply. An account recorded under another seller reference answers
///    `conflict.account_already_connected`.
/// Thread-safety: `Sendable`, stateless.
struct CompleteOAuthHandler: Sendable {
    /// SQL of the accounts table.
    let accounts: AccountStore
    /// SQL of the issued states.
    let states: OAuthStateStore
    /// SQL of the account controls.
    let controls: AccountControlStore

    /// What the token exchange and the account fetch tell.
    private struct Connected {
        var scope: OAuthScope
        var account: Account
    }

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: CompleteOAuth, _ context: inout HandlerContext) throws -> Reply<CompleteOAuth.Result> {
        let now = Int64(Date().timeIntervalSince1970)
        let stored = try states.find(command.state, on: context.db)
        if let refusal = OAuthStateCheck.refusal(stored, now: now) { return .error(refusal) }
        guard let stored else { return .error(.internal("state vanished", retryable: true)) }
        if let existing = try accounts.find(sellerReference: stored.sellerReference, on: context.db) {
            return .error(
                .conflict(
                    "duplicate_reference", "seller reference \(stored.sellerReference) already has account \(existing.projection.accountId)"))
        }
        let key = context.idempotencyKey("oauth_token")
        let connected: Connected
        switch try context.stripe({ client throws(StripeError) in
            let token = try client.exchangeOAuthCode(command.code, options: .idempotent(key))
            let account = try client.retrieveAccount(token.stripeUserId)
            return Connected(scope: token.scope.flatMap(OAuthScope.init(rawValue:)) ?? stored.scope, account: account)
        }) {
        case .success(let value): connected = value
        case .failure(let error) where error.stripe?.code == "invalid_grant":
            let states = self.states, messageId = context.envelope.messageId
            return try context.transaction { db in
                _ = try states.markUsed(command.state, messageId: messageId, on: db)
                return .error(
                    ReplyError(
                        code: ReplyError.Code.oauthCodeInvalid, message: "Stripe refused the authorization code: \(error.message)",
                        stripe: error.stripe, field: "code"))
            }
        case .failure(let error): return .error(error)
        }
        return try record(connected, state: stored, now: now, context: &context)
    }

    /// Step 3: the state used, the account recorded and announced, the reply.
    private func record(_ connected: Connected, state: OAuthState, now: Int64, context: inout HandlerContext) throws -> Reply<CompleteOAuth.Result> {
        let account = connected.account
        let snapshot = account.snapshot(observedAt: now)
        let start = OnboardingStateMachine.start(from: snapshot)
        let record = AccountRecord(
            sellerReference: state.sellerReference, accountType: account.type?.rawValue ?? "standard", country: account.country,
            email: account.email, projection: start.projection)
        let messageId = context.envelope.messageId
        let accounts = self.accounts, states = self.states, controls = self.controls
        return try context.transaction { db in
            guard try states.markUsed(state.state, messageId: messageId, on: db) else {
                return .error(ReplyError(code: ReplyError.Code.oauthStateUsed, message: "state was used by another command meanwhile"))
            }
            if let other = try accounts.find(accountId: snapshot.accountId, on: db) {
                return .error(
                    ReplyError(
                        code: ReplyError.Code.accountAlreadyConnected,
                        message: "account \(snapshot.accountId) is recorded under seller reference \(other.sellerReference)"))
            }
            guard try accounts.insert(record, createdMessageId: messageId, on: db) else {
                return .error(.conflict("duplicate_reference", "seller reference \(state.sellerReference) was recorded meanwhile"))
            }
            try controls.insertDeferred(account.control, accountId: snapshot.accountId, on: db)
            try AccountEventPublisher.created(record, lossesPayments: account.lossesPayments, occurredAt: now, context: context)
            try AccountEventPublisher.publish(start, for: record, occurredAt: now, context: context)
            let p = record.projection
            return .ok(
                CompleteOAuth.Result(
                    account: p.accountId, sellerReference: record.sellerReference, scope: connected.scope, status: p.status.message,
                    detailsSubmitted: p.detailsSubmitted, chargesEnabled: p.chargesEnabled, payoutsEnabled: p.payoutsEnabled))
        }
    }
}
