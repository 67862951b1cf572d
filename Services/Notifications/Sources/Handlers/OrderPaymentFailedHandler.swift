import Messages
import Runtime

/// `payments.order.payment_failed` → "payment failed, please order again" to the buyer
/// (`customer_email`, else what Stripe knows of the buyer; never the seller: see ``EmailDispatcher``),
/// only when the event says `buyer_must_act`: the payment had been processing (a delayed
/// method failed later) or was an off-session charge. A decline the buyer is still looking at
/// in the payment form (3-D Secure failed, a card declined on the app page) is acknowledged
/// without an e-mail: the buyer retries in the same sheet (Stripe's "handle post-payment
/// events" guide). An event without the field reads as `false`.
enum OrderPaymentFailedHandler {
    static func handle(
        _ event: OrderPaymentFailed, _ ctx: inout HandlerContext, _ dispatcher: EmailDispatcher
    ) throws
        -> HandlerOutcome
    {
        guard event.buyerMustAct == true else {
            ctx.log.info(
                "payment failure the buyer sees in the payment form: no e-mail",
                ["order": event.orderReference, "failure_code": event.failureCode ?? ""])
            return .done
        }
        return try dispatcher.dispatch(.paymentFailed(event), &ctx)
    }
}
