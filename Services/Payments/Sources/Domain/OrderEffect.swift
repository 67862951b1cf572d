/// What the service must do after a transition (each maps to one published event or one
/// column change); computed by ``OrderMachine``, carried out by the handlers.
public enum OrderEffect: Sendable, Equatable {
    /// Publish `payments.order.paid` (happens at most once per order).
    case paid
    /// Publish `payments.order.awaiting_payment`.
    case awaitingPayment
    /// Publish `payments.order.payment_failed`.
    case paymentFailed
    /// Publish `payments.order.requires_action` (the buyer is asked to authenticate).
    case requiresAction
    /// Publish `payments.order.refunded` for `amount` more, `total` so far.
    case refunded(amount: Int, total: Int, full: Bool)
    /// Forget the expired Checkout Session so the next command creates a new one.
    case sessionExpired
}
