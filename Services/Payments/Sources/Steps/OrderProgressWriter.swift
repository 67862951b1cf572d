import Messages
import Runtime
import Store

/// Applies one ``OrderInput`` to a locked order inside the caller's transaction: runs
/// ``OrderMachine``, stores the new row when anything changed and publishes the effects.
/// Used by the event handler and by commands that learn a payment outcome synchronously
/// (server-side confirm, refund), so every path fulfils an order exactly once.
/// Thread-safety: `Sendable`, stateless.
struct OrderProgressWriter: Sendable {
    /// SQL of the orders table.
    let orders: OrderStore

    /// Applies `input` to `order` (read with `lock: true` in this transaction); `order`'s
    /// other fields (ids, amount, e-mail) are stored as given. A failure's
    /// `payments.order.payment_failed` carries ``FailureNotice/buyerMustAct(failedFrom:channel:)``
    /// of the order's state before it.
    /// - Returns: the transition.
    /// - Throws: `StoreError`, `EncodingError`.
    @discardableResult
    func apply(
        _ input: OrderInput, to order: OrderRecord, original: OrderRecord, details: PaymentDetails = PaymentDetails(),
        context: HandlerContext
    ) throws -> OrderTransition {
        let transition = OrderMachine.apply(input, to: order.progress)
        var updated = order
        updated.progress = transition.progress
        if transition.effects.contains(.sessionExpired) { updated.checkoutSession = nil; updated.uiMode = nil }
        if updated != original { try orders.update(updated, on: context.db) }
        let at: Int =
            switch input {
            case .paymentSucceeded(let at), .paymentProcessing(let at), .paymentFailed(let at), .authenticationRequired(let at),
                .refunded(_, let at), .sessionExpired(let at):
                at
            }
        var details = details
        if case .paymentFailed = input {
            details.buyerMustAct = FailureNotice.buyerMustAct(
                failedFrom: order.progress.state, channel: order.channel, failedLater: details.failedLater)
        }
        try OrderEventPublisher.publish(transition.effects, order: updated, at: at, details: details, context: context)
        if transition.disposition != .applied {
            context.log.info(
                "order input ignored",
                [
                    "order": order.orderReference, "state": order.progress.state.rawValue,
                    "disposition": "\(transition.disposition)",
                ])
        }
        return transition
    }
}

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
