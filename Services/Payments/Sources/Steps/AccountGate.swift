import Messages
import Store

/// Refuses charges on connected accounts that cannot take them, from the service's own
/// projection (`account_charges`), before any Stripe call.
///
/// An account no onboarding event has named, one whose `charges_enabled` is false, and a
/// deauthorized one are all refused with `conflict.account_not_ready`.
/// Thread-safety: `Sendable`, stateless.
struct AccountGate: Sendable {
    /// SQL of the projection.
    let accounts: AccountChargesStore

    /// The reply error refusing a charge on `account`, or `nil` when it can take charges.
    /// - Throws: `StoreError`.
    func refusal(_ account: String, on db: PGConnection) throws -> ReplyError? {
        guard let charges = try accounts.find(account, on: db) else {
            return .accountNotReady(account, reason: "no onboarding event has named it")
        }
        if charges.deauthorized { return .accountNotReady(account, reason: "the seller disconnected the platform") }
        if !charges.chargesEnabled { return .accountNotReady(account, reason: "charges_enabled is false (onboarding incomplete)") }
        return nil
    }
}
