#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI

/// `onboarding.sync_account` (Stripe-bound): what a `return_url` handler calls — re-fetch
/// the account (`GET /v1/accounts/{id}`) and apply it as the state at fetch time.
///
/// The fetched state is applied under a row lock unless an event newer than the fetch was
/// applied meanwhile (then the stored state stands). Publishes `onboarding.account.updated`
/// and, the first time, `onboarding_completed` / `requirements_due`; replies with the
/// state. Reply errors: `not_found.account`, Stripe's. Thread-safety: `Sendable`.
struct SyncAccountHandler: Sendable {
    /// SQL of the accounts table.
    let accounts: AccountStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: SyncAccount, _ context: inout HandlerContext) throws -> Reply<SyncAccount.Result> {
        guard try accounts.find(accountId: command.account, on: context.db) != nil else {
            return .error(.notFound("account", id: command.account))
        }
        let fetched: AccountSnapshot
        let now = Int64(Date().timeIntervalSince1970)
        switch try context.stripe({ client throws(StripeError) in
            try client.retrieveAccount(command.account).snapshot(observedAt: now)
        }) {
        case .success(let snapshot): fetched = snapshot
        case .failure(let error): return .error(error)
        }
        let accounts = self.accounts
        return try context.transaction { db in
            guard let current = try accounts.find(accountId: command.account, lock: true, on: db) else {
                return .error(.notFound("account", id: command.account))
            }
            let transition = OnboardingStateMachine.apply(.fetched(fetched), to: current.projection)
            let changed = transition.projection != current.projection
            if changed {
                try accounts.update(transition.projection, on: db)
                try AccountEventPublisher.publish(transition, for: current, occurredAt: now, context: context)
            }
            let p = transition.projection
            return .ok(
                SyncAccount.Result(
                    account: p.accountId, status: p.status.message, detailsSubmitted: p.detailsSubmitted,
                    chargesEnabled: p.chargesEnabled, payoutsEnabled: p.payoutsEnabled,
                    requirements: p.requirements, changed: !transition.changedFields.isEmpty))
        }
    }
}
