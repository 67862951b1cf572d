import Messages
import Runtime

/// `onboarding.account.*` on `payments.events` (batched): keeps the `account_charges`
/// projection of which connected accounts can take charges.
///
/// `created` records a not-yet-ready account and who is liable for its losses
/// (`losses_payments`, read by the dispute events), `updated` and `onboarding_completed` set
/// `charges_enabled` (unless older than what is known), `deauthorized` disables the account
/// for good; other onboarding events are acknowledged and ignored. An undecodable event is
/// dead-lettered. Thread-safety: `Sendable`, stateless.
struct AccountEventHandler: Sendable {
    /// SQL of the projection.
    let accounts: AccountChargesStore

    /// Handles one onboarding event.
    /// - Throws: `MessageDecodingError` (poison), `StoreError`.
    func handle(_ envelope: Envelope, _ context: inout HandlerContext) throws -> HandlerOutcome {
        let account: String
        let input: AccountCharges.Input
        switch envelope.type {
        case AccountCreated.messageName:
            let event = try envelope.decode(AccountCreated.self)
            (account, input) = (event.account, .created(at: event.occurredAt, lossesPayments: event.lossesPayments))
        case AccountUpdated.messageName:
            let event = try envelope.decode(AccountUpdated.self)
            (account, input) = (event.account, .chargesEnabled(event.chargesEnabled, at: event.occurredAt))
        case AccountOnboardingCompleted.messageName:
            let event = try envelope.decode(AccountOnboardingCompleted.self)
            (account, input) = (event.account, .chargesEnabled(event.chargesEnabled, at: event.occurredAt))
        case AccountDeauthorized.messageName:
            let event = try envelope.decode(AccountDeauthorized.self)
            (account, input) = (event.account, .deauthorized(at: event.occurredAt))
        default:
            return .done
        }
        let current = try accounts.find(account, lock: true, on: context.db)
        let next = AccountCharges.apply(input, to: current, account: account)
        if next != current {
            try accounts.save(next, on: context.db)
            context.log.info("account charges projection updated", ["account": account, "can_charge": "\(next.canCharge)"])
        }
        return .done
    }
}
