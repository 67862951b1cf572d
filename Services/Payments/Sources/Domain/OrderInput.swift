/// Something that happened to an order's payment, as the state machine sees it.
///
/// `at` is the Stripe event's `created` (Unix seconds), or the time a synchronous Stripe
/// answer was received. Amounts are in the currency's smallest unit.
public enum OrderInput: Sendable, Equatable {
    /// The payment succeeded (`payment_intent.succeeded`, `checkout.session.completed` with
    /// `payment_status=paid`, `checkout.session.async_payment_succeeded`, a confirm answer).
    case paymentSucceeded(at: Int)
    /// A delayed method is processing (`payment_intent.processing`,
    /// `checkout.session.completed` with `payment_status=unpaid`).
    case paymentProcessing(at: Int)
    /// The payment failed (`payment_intent.payment_failed`,
    /// `checkout.session.async_payment_failed`, a declined confirm).
    case paymentFailed(at: Int)
    /// An off-session charge needs the buyer's authentication (Stripe's
    /// `authentication_required`, answered to `payments.charge_saved_payment_method`).
    case authenticationRequired(at: Int)
    /// Refunds total `totalRefunded` so far (`charge.refunded`'s `amount_refunded`, or the
    /// refunds recorded by the refund command).
    case refunded(totalRefunded: Int, at: Int)
    /// The order's Checkout Session expired (`checkout.session.expired`).
    case sessionExpired(at: Int)
}
