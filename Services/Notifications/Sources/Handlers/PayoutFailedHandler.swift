import Messages
import Runtime

/// `onboarding.payout.failed` → "your payout could not be paid to your bank" to the seller (the
/// address recorded for the account), with the failure in plain words and where to update
/// the bank account (`updateURL`, `SELLER_BANK_UPDATE_URL`).
enum PayoutFailedHandler {
    static func handle(
        _ event: PayoutFailed, _ ctx: inout HandlerContext, _ dispatcher: EmailDispatcher, updateURL: String?
    ) throws -> HandlerOutcome {
        try dispatcher.dispatch(.payoutFailed(event, updateURL: updateURL), &ctx)
    }
}
