/// Whether a failed payment is one the buyer must be told about, following the events table
/// of Stripe's "handle post-payment events" guide: `payment_intent.payment_failed` — "if a
/// payment transitions from `processing` to `payment_failed`, offer the customer another
/// attempt to pay"; `checkout.session.async_payment_failed` — notify the customer and bring
/// them back on-session. A decline while the buyer is in the payment form (Payment Element,
/// PaymentSheet, the Checkout page, a 3-D Secure challenge) is shown there and retried in
/// the same sheet, so it needs no message.
///
/// The answer travels as `buyer_must_act` on `payments.order.payment_failed`; the event is
/// published either way. Thread-safety: pure.
public enum FailureNotice {
    /// `true` when the order was `awaiting_payment` (a delayed method was processing) when
    /// the payment failed, or when the payment is an off-session charge (the buyer is not
    /// there to see it); `false` otherwise.
    /// - Parameters:
    ///   - state: the order's state before the failure was applied.
    ///   - channel: how the order is paid.
    public static func buyerMustAct(failedFrom state: OrderState, channel: OrderRecord.Channel) -> Bool {
        if state == .awaitingPayment { return true }
        switch channel {
        case .offSession: return true
        case .checkout, .paymentIntent, .paymentSheet, .serverConfirm: return false
        }
    }
}
