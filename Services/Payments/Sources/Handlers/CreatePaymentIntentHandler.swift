import Messages
import Runtime
import StripeAPI

/// `payments.create_payment_intent` (Stripe-bound): the PaymentIntent for the web Payment
/// Element, one open per order (see ``OpenPaymentIntent``); refused without a Stripe call
/// when the account cannot take charges. Replies with the client secret.
/// Thread-safety: `Sendable`, stateless.
struct CreatePaymentIntentHandler: Sendable {
    /// The open-or-create rule.
    let intents: OpenPaymentIntent
    /// The account-readiness check.
    let gate: AccountGate

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: CreatePaymentIntent, _ context: inout HandlerContext) throws -> Reply<CreatePaymentIntent.Result> {
        if let refusal = try gate.refusal(command.account, on: context.db) { return .error(refusal) }
        let request = OpenPaymentIntent.Request(
            account: command.account, orderReference: command.orderReference, channel: .paymentIntent,
            amount: command.amount, currency: command.currency, applicationFeeAmount: command.applicationFeeAmount,
            paymentMethodTypes: command.paymentMethodTypes, customer: command.customer, customerEmail: command.receiptEmail,
            description: command.description, metadata: command.metadata, setupFutureUsage: command.setupFutureUsage,
            requireCvcRecollection: command.requireCvcRecollection, shipping: command.shipping)
        switch try intents.open(request, context: context) {
        case .failure(let error): return .error(error)
        case .success(let opened):
            try intents.record(opened, request, context: context)
            let pi = opened.paymentIntent
            return .ok(
                CreatePaymentIntent.Result(
                    account: command.account, orderReference: command.orderReference, paymentIntent: pi.id,
                    clientSecret: pi.clientSecret ?? "",
                    status: Messages.PaymentIntentStatus(rawValue: pi.status?.rawValue ?? "requires_payment_method"),
                    amount: pi.amount ?? command.amount, currency: pi.currency ?? command.currency, reused: opened.reused))
        }
    }
}
