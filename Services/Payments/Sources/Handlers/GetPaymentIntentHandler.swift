import Messages
import Runtime
import StripeAPI

/// `payments.get_payment_intent` (Stripe-bound, read-only): `GET /v1/payment_intents/{id}` on
/// the connected account, then the order that has this PaymentIntent. Writes nothing and
/// publishes nothing. Thread-safety: `Sendable`, stateless.
struct GetPaymentIntentHandler: Sendable {
    /// SQL of the orders table.
    let orders: OrderStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: GetPaymentIntent, _ context: inout HandlerContext) throws -> Reply<GetPaymentIntent.Result> {
        let intent: PaymentIntent
        switch try context.stripe({ client throws(StripeError) in
            try client.retrievePaymentIntent(command.paymentIntent, options: RequestOptions(stripeAccount: command.account))
        }) {
        case .success(let found): intent = found
        case .failure(let error): return .error(error)
        }
        let order = try orders.find(paymentIntent: intent.id, on: context.db)
        return .ok(
            GetPaymentIntent.Result(
                account: command.account, paymentIntent: intent.id,
                status: Messages.PaymentIntentStatus(rawValue: intent.status?.rawValue ?? "requires_payment_method"),
                nextAction: intent.nextAction?.type, redirectUrl: intent.nextAction?.redirectToUrl?.url,
                amount: intent.amount ?? 0, currency: intent.currency ?? "",
                lastPaymentError: intent.lastPaymentError?.code,
                orderReference: order?.account == command.account ? order?.orderReference : nil,
                orderState: order?.account == command.account ? order?.progress.state.rawValue : nil))
    }
}
