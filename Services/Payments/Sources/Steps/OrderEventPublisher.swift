import Messages
import Runtime

/// Turns an order transition's effects into the events `payments.order.paid`,
/// `.awaiting_payment`, `.payment_failed` and `.refunded`, written to the outbox in the
/// caller's transaction with `x-stripe-account` set to the order's account.
/// Thread-safety: stateless.
enum OrderEventPublisher {
    /// Publishes one event per effect (`.sessionExpired` publishes nothing).
    /// - Parameters:
    ///   - order: the order after the transition.
    ///   - at: the event's `occurred_at` (Unix seconds).
    /// - Throws: `EncodingError`, `StoreError`.
    static func publish(
        _ effects: [OrderEffect], order: OrderRecord, at: Int, details: PaymentDetails,
        context: HandlerContext
    ) throws {
        let amount = order.progress.amount ?? 0
        let currency = order.currency ?? ""
        for effect in effects {
            switch effect {
            case .paid:
                try context.publish(
                    OrderPaid(
                        account: order.account, orderReference: order.orderReference, amount: amount, currency: currency,
                        applicationFeeAmount: order.applicationFeeAmount, paymentIntent: order.paymentIntent,
                        checkoutSession: order.checkoutSession, customerEmail: order.customerEmail, occurredAt: at,
                        shipping: order.shipping), stripeAccount: order.account)
            case .awaitingPayment:
                try context.publish(
                    OrderAwaitingPayment(
                        account: order.account, orderReference: order.orderReference, amount: amount, currency: currency,
                        applicationFeeAmount: order.applicationFeeAmount, paymentIntent: order.paymentIntent,
                        checkoutSession: order.checkoutSession, paymentMethodType: details.paymentMethodType,
                        occurredAt: at, customerEmail: order.customerEmail), stripeAccount: order.account)
            case .paymentFailed:
                try context.publish(
                    OrderPaymentFailed(
                        account: order.account, orderReference: order.orderReference, amount: amount, currency: currency,
                        applicationFeeAmount: order.applicationFeeAmount, paymentIntent: order.paymentIntent,
                        checkoutSession: order.checkoutSession, customerEmail: order.customerEmail,
                        failureCode: details.failureCode, declineCode: details.declineCode,
                        failureMessage: details.failureMessage, occurredAt: at,
                        buyerMustAct: details.buyerMustAct ?? false), stripeAccount: order.account)
            case .requiresAction:
                try context.publish(
                    OrderRequiresAction(
                        account: order.account, orderReference: order.orderReference, amount: amount, currency: currency,
                        applicationFeeAmount: order.applicationFeeAmount, paymentIntent: order.paymentIntent,
                        paymentMethod: details.paymentMethod, customerEmail: order.customerEmail,
                        authenticationUrl: details.authenticationUrl, failureCode: details.failureCode, occurredAt: at),
                    stripeAccount: order.account)
            case .refunded(let refunded, let total, let full):
                try context.publish(
                    OrderRefunded(
                        account: order.account, orderReference: order.orderReference, amount: refunded,
                        amountRefundedTotal: total, currency: currency, applicationFeeAmount: order.applicationFeeAmount,
                        refund: details.refund, paymentIntent: order.paymentIntent, fullyRefunded: full, occurredAt: at),
                    stripeAccount: order.account)
            case .sessionExpired:
                break
            }
        }
    }
}
