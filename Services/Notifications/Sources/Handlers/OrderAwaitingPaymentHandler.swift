import Messages
import Runtime

/// `payments.order.awaiting_payment` → "payment received, confirming with your bank" to the
/// buyer (`customer_email`, else what Stripe knows of the buyer; never the seller). Payments
/// publishes the event once per processing attempt, and ``EmailDispatcher`` sends at most once
/// per event, so a redelivered event sends nothing more; the paid or failed message follows
/// from its own event.
enum OrderAwaitingPaymentHandler {
    static func handle(
        _ event: OrderAwaitingPayment, _ ctx: inout HandlerContext, _ dispatcher: EmailDispatcher
    ) throws
        -> HandlerOutcome
    {
        try dispatcher.dispatch(.paymentProcessing(event), &ctx)
    }
}
