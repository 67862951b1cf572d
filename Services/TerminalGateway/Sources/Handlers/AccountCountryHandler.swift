import Messages
import Runtime

/// `onboarding.account.created` and `onboarding.account.updated` on `terminal.events`:
/// records each connected account's country (``AccountStore``) for the regional rules.
/// Tolerant: an event without a usable country (e.g. an older `updated` without `country`)
/// changes nothing; an undecodable one is dead-lettered. Thread-safety: `Sendable`, stateless.
struct AccountCountryHandler: Sendable {
    /// The onboarding events the handler reads.
    static let events = [AccountCreated.messageName, AccountUpdated.messageName]

    /// SQL of the accounts table.
    let accounts: AccountStore

    /// Handles one onboarding event.
    /// - Throws: `MessageDecodingError` (poison), `StoreError`.
    func handle(_ envelope: Envelope, _ context: inout HandlerContext) throws -> HandlerOutcome {
        let account: String
        let country: String?
        switch envelope.type {
        case AccountCreated.messageName:
            let event = try envelope.decode(AccountCreated.self)
            (account, country) = (event.account, event.country)
        case AccountUpdated.messageName:
            let event = try envelope.decode(AccountUpdated.self)
            (account, country) = (event.account, event.country)
        default:
            return .done
        }
        guard let country = country?.uppercased(), country.count == 2, country.allSatisfy({ $0 >= "A" && $0 <= "Z" }) else {
            return .done
        }
        try accounts.save(account: account, country: country, source: "onboarding", on: context.db)
        return .done
    }
}
