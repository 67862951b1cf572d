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
    /// Payment method types whose outcome Stripe confirms days later (`processing` first):
    /// ACH Direct Debit, SEPA Direct Debit, Bacs, BECS and pre-authorized (ACSS) debits. A
    /// failure of one of them comes after processing, whatever order the events arrive in.
    public static let delayedMethodTypes: Set<String> = [
        "us_bank_account", "sepa_debit", "bacs_debit", "au_becs_debit", "acss_debit",
    ]

    /// `true` when the payment had been processing when it failed — the order was
    /// `awaiting_payment`, or Stripe's event says so (`failedLater`: a
    /// `checkout.session.async_payment_failed`, or a failure of a ``delayedMethodTypes``
    /// method, so a failure delivered before its `processing` event counts too) — or when the
    /// payment is an off-session charge (the buyer is not there to see it); `false` otherwise.
    /// - Parameters:
    ///   - state: the order's state before the failure was applied.
    ///   - channel: how the order is paid.
    ///   - failedLater: whether the event itself is a failure after processing.
    public static func buyerMustAct(failedFrom state: OrderState, channel: OrderRecord.Channel, failedLater: Bool = false) -> Bool {
        if failedLater || state == .awaitingPayment { return true }
        switch channel {
        case .offSession: return true
        case .checkout, .paymentIntent, .paymentSheet, .serverConfirm: return false
        }
    }
}
