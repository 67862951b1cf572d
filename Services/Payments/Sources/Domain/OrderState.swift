/// Where an order's payment stands (column `orders.state`).
///
/// `open` → `awaiting_payment` (a delayed method is processing) → `paid` | `payment_failed`;
/// an off-session charge the bank wants authenticated waits in `requires_action`;
/// a paid order may then become `partially_refunded` and `refunded`. A failed payment may be
/// tried again on the same PaymentIntent or Checkout Session, so `payment_failed` can still
/// move to `awaiting_payment` or `paid`. Nothing ever moves back from `paid` (or the refund
/// states) to an unpaid state.
public enum OrderState: String, Sendable, Equatable, CaseIterable {
    /// Created; no payment attempt has settled yet (includes 3-D Secure pending).
    case open
    /// A delayed payment method (e.g. SEPA Debit) is processing.
    case awaitingPayment = "awaiting_payment"
    /// An off-session charge of a saved method waits for the buyer to authenticate.
    case requiresAction = "requires_action"
    /// Paid: the order was fulfilled (`payments.order.paid` published once).
    case paid
    /// The last payment attempt failed.
    case paymentFailed = "payment_failed"
    /// Paid, and part of the amount was refunded.
    case partiallyRefunded = "partially_refunded"
    /// Paid, and the whole amount was refunded.
    case refunded

    /// `true` once the order has been paid (paid or any refund state).
    public var isPaid: Bool {
        switch self {
        case .paid, .partiallyRefunded, .refunded: true
        case .open, .awaitingPayment, .requiresAction, .paymentFailed: false
        }
    }
}
