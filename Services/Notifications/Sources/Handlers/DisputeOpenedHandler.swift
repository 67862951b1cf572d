import Messages
import Runtime

/// `payments.dispute.opened` → "a payment was disputed" to the seller (the address recorded
/// for the account; never the buyer's).
enum DisputeOpenedHandler {
    static func handle(_ event: DisputeOpened, _ ctx: inout HandlerContext, _ dispatcher: EmailDispatcher) throws -> HandlerOutcome {
        try dispatcher.dispatch(.disputeOpened(event), &ctx)
    }
}
