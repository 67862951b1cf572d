import Messages
import Runtime

/// `payments.order.payment_failed` → "payment failed, please order again" to the buyer
/// (`customer_email`, else what Stripe knows of the buyer; never the seller: see ``EmailDispatcher``).
enum OrderPaymentFailedHandler {
    static func handle(
        _ event: OrderPaymentFailed, _ ctx: inout HandlerContext, _ dispatcher: EmailDispatcher
    ) throws
        -> HandlerOutcome
    {
        try dispatcher.dispatch(.paymentFailed(event), &ctx)
    }
}
