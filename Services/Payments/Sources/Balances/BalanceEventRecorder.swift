import Messages
import Runtime
import Store
import StripeAPI

/// Turns `balance.available` of a connected account (batched, no Stripe calls) into
/// `payments.balance.updated`, and into `payments.balance.negative` when an available amount
/// is negative and the platform carries the account's losses (`losses_payments`
/// `application`, from `onboarding.account.created`; an account the projection does not know,
/// or whose liability it does not know, publishes no `negative`, logged).
/// The newest balance per account is kept (`account_balances`); an event older than it
/// publishes nothing (Stripe's events may arrive out of order), one of the same instant is
/// published (two changes within a second). Thread-safety: `Sendable`, stateless.
struct BalanceEventRecorder: Sendable {
    /// SQL of the newest balances.
    let balances: AccountBalanceStore
    /// SQL of the account projection (who is liable).
    let accounts: AccountChargesStore

    /// Records `balance`, as of `at` (the event's `created`), for `account`.
    /// - Throws: `StoreError`, `EncodingError`.
    func record(_ balance: Balance, at: Int, account: String, event: String, context: HandlerContext) throws {
        let updated = BalanceUpdated(
            account: account, available: GetBalance.Amount.list(balance.available), pending: GetBalance.Amount.list(balance.pending),
            occurredAt: at)
        guard
            try balances.record(
                account: account, available: try MessageCoder.encode(updated.available), pending: try MessageCoder.encode(updated.pending),
                at: at, on: context.db)
        else {
            context.log.info("stale balance event ignored", ["event": event, "account": account])
            return
        }
        try context.publish(updated, stripeAccount: account)
        let negative = updated.available.filter { $0.amount < 0 }
        guard !negative.isEmpty else { return }
        guard let liable = try accounts.find(account, on: context.db)?.platformLiable else {
            context.log.warning("negative balance of an account whose liability is unknown", ["event": event, "account": account])
            return
        }
        if liable { try context.publish(BalanceNegative(account: account, negative: negative, occurredAt: at), stripeAccount: account) }
    }
}
