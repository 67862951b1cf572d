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
/// Steps 2 to 4 are ``ServerConfirmation``'s.
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
    /// The steps shared with `payments.charge_saved_payment_method`.
    let confirmation: ServerConfirmation
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
        let prior: ServerConfirmation.Prior
        switch try confirmation.prior(account: account, orderReference: command.orderReference, context: context) {
        case .success(let value): prior = value
        case .failure(let refusal): return .error(refusal)
        }
        if let pi = prior.reusable {
            switch ServerConfirmation.standing(pi, orderReference: command.orderReference) {
            case .answerAsIs: return .ok(Self.result(pi, command))
            case .refuse(let refusal): return .error(refusal)
            case .confirmAgain: break
            }
        }
        let again = PaymentIntentConfirmParams(
            paymentMethod: command.paymentMethod, returnUrl: command.returnUrl,
            confirmationToken: command.confirmationToken, extra: command.shipping?.formParams ?? FormParams())
        let outcome = try confirmation.attempt(prior, confirm: again, create: Self.params(command), account: account, context: context)
        let now = Int(Date().timeIntervalSince1970)
        let request = OpenPaymentIntent.Request(
            account: account, orderReference: command.orderReference, channel: .serverConfirm, amount: command.amount,
            currency: command.currency, applicationFeeAmount: command.applicationFeeAmount, customer: command.customer,
            shipping: command.shipping)
        switch outcome {
        case .failure(let error):
            return .error(error)
        case .success(.confirmed(let pi)):
            try confirmation.record(
                pi.id, prior: prior, request: request, input: ConfirmationAttempt.input(pi, at: now), details: PaymentDetails(),
                context: context)
            return .ok(Self.result(pi, command))
        case .success(.declined(let decline)):
            let reply = ReplyError.paymentsStripe(decline)
            guard let piId = prior.reusable?.id ?? decline.objectId else { return .error(reply) }
            let details = PaymentDetails(
                failureCode: decline.code, declineCode: decline.declineCode,
                failureMessage: decline.message)
            try confirmation.record(piId, prior: prior, request: request, input: .paymentFailed(at: now), details: details, context: context)
            return .error(reply)
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
