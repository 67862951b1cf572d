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
