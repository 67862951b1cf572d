import Messages
import Runtime

/// `payments.order.paid` → the order confirmation to the buyer (`customer_email`, else what
/// Stripe knows of the buyer; never the seller: see ``EmailDispatcher``).
enum OrderPaidHandler {
    static func handle(
        _ event: OrderPaid, _ ctx: inout HandlerContext, _ dispatcher: EmailDispatcher
    ) throws
        -> HandlerOutcome
    {
        try dispatcher.dispatch(.orderPaid(event), &ctx)
    }
}
