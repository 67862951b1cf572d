#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI

/// `payments.confirm_payment` (Stripe-bound): server-side create-and-confirm, as the legacy
/// `STPPaymentContext` flow does (`payment_method`, cards) and as the Payment Element's
/// deferred intents do (`confirmation_token`: automatic payment methods, redirect-based ones
/// answering `requires_action` with the page to send the buyer to).
///
/// 0. A `shipping_method` is quoted again from ``ShippingRules`` for `shipping.address`,
///    with `amount` as the subtotal: its amount is added to the PaymentIntent's amount and
///    `metadata[shipping_method]` records it as `<id>:<amount>`; a method the rules
///    do not offer there is refused (`validation.shipping_method_unavailable`, no Stripe call).
/// 1. The account must be able to take charges (no Stripe call otherwise).
/// 2. An order already paid or paid through Checkout is refused. An order whose
///    PaymentIntent waits for a payment method (e.g. after a decline) is confirmed again with
///    the new method (`POST /v1/payment_intents/{id}/confirm`, `<message_id>:confirm_payment`);
///    one in `requires_action` or `processing` is answered as it is — never a second charge.
/// 3. Otherwise `POST /v1/payment_intents` with `confirm=true`, the payment method or the
///    ConfirmationToken, the application fee and `metadata[order_reference]`
///    (`<message_id>:create_payment_intent`).
/// 4. One transaction: the order row and the outcome through ``OrderMachine`` —
///    `succeeded` publishes `payments.order.paid` (once, whatever the webhooks do later),
///    `processing` `awaiting_payment`, a decline `payment_failed` and a
///    `stripe.card_declined` reply error with the decline code; `requires_action` replies
///    with the client secret for the app to authenticate (and the redirect URL of a
///    redirect-based method), the webhooks settling the order afterwards.
/// Thread-safety: `Sendable`, stateless.
struct ConfirmPaymentHandler: Sendable {
    /// SQL of the orders table.
    let orders: OrderStore
    /// The open-or-create PaymentIntent rule (used for recording the order).
    let intents: OpenPaymentIntent
    /// The account-readiness check.
    let gate: AccountGate
    /// The platform's shipping rules (`SHIPPING_RULES`).
    let shippingRules: ShippingRules

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ original: ConfirmPayment, _ context: inout HandlerContext) throws -> Reply<ConfirmPayment.Result> {
        let command: ConfirmPayment
        switch ShippingCharge.priced(original, rules: shippingRules) {
        case .success(let priced): command = priced
        case .failure(let refusal): return .error(refusal)
        }
        if let refusal = try gate.refusal(command.account, on: context.db) { return .error(refusal) }
        let account = command.account
        let existing = try orders.find(account: account, orderReference: command.orderReference, on: context.db)
        var reusable: PaymentIntent?
        if let existing {
            if existing.progress.state.isPaid { return .error(.orderState("order \(command.orderReference) is already paid")) }
            if existing.channel == .checkout { return .error(.orderState("order \(command.orderReference) is paid through Checkout")) }
            if let id = existing.paymentIntent {
                switch try context.stripe({ client throws(StripeError) in
                    try client.retrievePaymentIntent(id, options: RequestOptions(stripeAccount: account))
                }) {
                case .success(let pi): reusable = pi.status == .canceled ? nil : pi
                case .failure(let error): return .error(error)
                }
            }
        }
        if let pi = reusable {
            switch pi.status {
            case .requiresAction?, .processing?, .requiresCapture?: return .ok(Self.result(pi, command))
            case .succeeded?: return .error(.orderState("order \(command.orderReference) was paid; the payment is being recorded"))
            default: break
            }
        }
        let outcome = try context.stripe { client throws(StripeError) -> ConfirmationAttempt in
            do throws(StripeError) {
                if let pi = reusable {
                    return .confirmed(
                        try client.confirmPaymentIntent(
                            pi.id,
                            PaymentIntentConfirmParams(
                                paymentMethod: command.paymentMethod, returnUrl: command.returnUrl,
                                confirmationToken: command.confirmationToken, extra: command.shipping?.formParams ?? FormParams()),
                            options: context.idempotent("confirm_payment", account: account)))
                }
                return .confirmed(
                    try client.createPaymentIntent(
                        Self.params(command), options: context.idempotent("create_payment_intent", account: account)))
            } catch {
                guard error.kind == .card else { throw error }
                return .declined(error)
            }
        }
        let now = Int(Date().timeIntervalSince1970)
        let request = OpenPaymentIntent.Request(
            account: account, orderReference: command.orderReference, channel: .serverConfirm, amount: command.amount,
            currency: command.currency, applicationFeeAmount: command.applicationFeeAmount, customer: command.customer,
            shipping: command.shipping)
        switch outcome {
        case .failure(let error):
            return .error(error)
        case .success(.confirmed(let pi)):
            try record(
                pi.id, reused: reusable != nil, request: request, before: existing, input: ConfirmationAttempt.input(pi, at: now),
                details: PaymentDetails(), context: context)
            return .ok(Self.result(pi, command))
        case .success(.declined(let decline)):
            let reply = ReplyError.paymentsStripe(decline)
            guard let piId = reusable?.id ?? decline.objectId else { return .error(reply) }
            let details = PaymentDetails(
                failureCode: decline.code, declineCode: decline.declineCode,
                failureMessage: decline.message)
            try record(
                piId, reused: reusable != nil, request: request, before: existing, input: .paymentFailed(at: now),
                details: details, context: context)
            return .error(reply)
        }
    }

    /// Records the order with its PaymentIntent and applies the outcome, in the message's transaction.
    private func record(
        _ piId: String, reused: Bool, request: OpenPaymentIntent.Request, before: OrderRecord?,
        input: OrderInput?, details: PaymentDetails, context: HandlerContext
    ) throws {
        let identified = PaymentIntent(id: piId)  // only its id is recorded here
        try intents.record(OpenPaymentIntent.Opened(paymentIntent: identified, reused: reused, before: before), request, context: context)
        guard let input else { return }
        let orders = self.orders
        let writer = OrderProgressWriter(orders: orders)
        try context.transaction { db in
            guard let order = try orders.find(account: request.account, orderReference: request.orderReference, lock: true, on: db) else {
                throw HandlerError.retry(code: ReplyError.Code.orderNotFound, message: "order \(request.orderReference) vanished")
            }
            try writer.apply(input, to: order, original: order, details: details, context: context)
        }
    }

    /// The reply for a PaymentIntent: its status, and the client secret, next action type and
    /// (for `redirect_to_url`) the redirect URL only when the app must authenticate.
    static func result(_ pi: PaymentIntent, _ command: ConfirmPayment) -> ConfirmPayment.Result {
        let status = Messages.PaymentIntentStatus(rawValue: pi.status?.rawValue ?? "requires_payment_method")
        let needsAction = status == .requiresAction
        return ConfirmPayment.Result(
            account: command.account, orderReference: command.orderReference, paymentIntent: pi.id,
            status: status, clientSecret: needsAction ? pi.clientSecret : nil,
            nextActionType: needsAction ? pi.nextAction?.type : nil,
            redirectUrl: needsAction ? pi.nextAction?.redirectToUrl?.url : nil,
            amount: pi.amount ?? command.amount, currency: pi.currency ?? command.currency)
    }

    /// `POST /v1/payment_intents` parameters with `confirm=true`: with a payment method, card
    /// only (the legacy card flow: no automatic payment methods, which would require
    /// `return_url` or `allow_redirects=never` when confirming at creation); with a
    /// ConfirmationToken, automatic payment methods as the Payment Element's deferred intent
    /// uses by default (the token brings its `return_url`).
    static func params(_ c: ConfirmPayment) -> PaymentIntentCreateParams {
        var metadata = c.metadata ?? [:]
        metadata[OrderMetadata.orderReference] = c.orderReference
        metadata[OrderMetadata.origin] = OrderMetadata.originValue
        let deferred = c.confirmationToken != nil
        var params = PaymentIntentCreateParams(
            amount: c.amount, currency: c.currency, automaticPaymentMethods: deferred ? true : nil,
            paymentMethodTypes: deferred ? nil : ["card"], applicationFeeAmount: c.applicationFeeAmount, customer: c.customer,
            paymentMethod: c.paymentMethod, confirm: true, returnUrl: c.returnUrl, metadata: metadata,
            extra: c.shipping?.formParams ?? FormParams())
        params.confirmationToken = c.confirmationToken
        return params
    }
}
