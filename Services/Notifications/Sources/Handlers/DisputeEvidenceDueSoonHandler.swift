import Messages
import Runtime

/// `payments.dispute.evidence_due_soon` → "evidence is due soon" to the seller (the address
/// recorded for the account; never the buyer's).
enum DisputeEvidenceDueSoonHandler {
    static func handle(_ event: DisputeEvidenceDueSoon, _ ctx: inout HandlerContext, _ dispatcher: EmailDispatcher) throws -> HandlerOutcome {
        try dispatcher.dispatch(.disputeEvidenceDue(event), &ctx)
    }
}
