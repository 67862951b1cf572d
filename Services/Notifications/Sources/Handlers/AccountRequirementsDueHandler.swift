import Messages
import Runtime

/// `onboarding.account.requirements_due` → "finish setting up your account" to the seller
/// (the event's `email`, else the one recorded for the account); remembers the address.
enum AccountRequirementsDueHandler {
    static func handle(
        _ event: AccountRequirementsDue, _ ctx: inout HandlerContext, _ dispatcher: EmailDispatcher
    )
        throws -> HandlerOutcome
    {
        if let email = event.email, EmailAddress.isValid(email) {
            try dispatcher.recipients.remember(account: event.account, email: email, on: ctx.db)
        }
        return try dispatcher.dispatch(.requirementsDue(event), &ctx)
    }
}
