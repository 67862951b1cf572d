import Messages
import Runtime

/// `onboarding.account.created` → remembers the seller's e-mail for later messages about
/// the account (sends nothing).
enum AccountCreatedHandler {
    static func handle(
        _ event: AccountCreated, _ ctx: inout HandlerContext, _ recipients: RecipientStore
    ) throws
        -> HandlerOutcome
    {
        guard let email = event.email, EmailAddress.isValid(email) else { return .done }
        try ctx.transaction { db in try recipients.remember(account: event.account, email: email, on: db) }
        return .done
    }
}
