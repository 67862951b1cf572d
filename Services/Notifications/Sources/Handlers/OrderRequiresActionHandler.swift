import Messages
import Runtime

/// `payments.order.requires_action` → "please confirm your payment" with the platform's
/// link to the buyer (`customer_email`, else what Stripe knows of the buyer; never the
/// seller: see ``EmailDispatcher``). Sent once per event (the dispatcher's send record).
enum OrderRequiresActionHandler {
    static func handle(
        _ event: OrderRequiresAction, _ ctx: inout HandlerContext, _ dispatcher: EmailDispatcher
    ) throws
        -> HandlerOutcome
    {
        try dispatcher.dispatch(.authenticationRequired(event), &ctx)
    }
}
