/// The payment status of a Checkout Session. Unknown values Stripe may add decode to
/// `unknown(raw)`.
/// Stripe reference: Checkout Sessions, `payment_status`.
public enum CheckoutPaymentStatus: StripeEnum {
    /// The funds are available.
    case paid
    /// Not paid yet, or a delayed method is still processing.
    case unpaid
    /// Nothing to pay.
    case noPaymentRequired
    /// A value this version does not know yet, kept as sent.
    case unknown(String)

    /// Every known value.
    public static let knownCases: [CheckoutPaymentStatus] = [.paid, .unpaid, .noPaymentRequired]

    /// The wire value.
    public var rawValue: String {
        switch self {
        case .paid: return "paid"
        case .unpaid: return "unpaid"
        case .noPaymentRequired: return "no_payment_required"
        case .unknown(let raw): return raw
        }
    }
}
