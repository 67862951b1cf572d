/// The status of a PaymentIntent. Unknown values Stripe may add decode to `unknown(raw)`.
/// Stripe reference: PaymentIntents, `status`.
public enum PaymentIntentStatus: StripeEnum {
    /// Needs a (new) payment method; also after a decline.
    case requiresPaymentMethod
    /// Ready to be confirmed.
    case requiresConfirmation
    /// The customer must authenticate (e.g. 3D Secure); hand the client secret to the app.
    case requiresAction
    /// A delayed method is processing.
    case processing
    /// Authorized; capture to collect the funds.
    case requiresCapture
    /// Canceled; cannot be used again.
    case canceled
    /// Paid.
    case succeeded
    /// A value this version does not know yet, kept as sent.
    case unknown(String)

    /// Every known value.
    public static let knownCases: [PaymentIntentStatus] = [
        .requiresPaymentMethod, .requiresConfirmation, .requiresAction, .processing, .requiresCapture, .canceled, .succeeded,
    ]

    /// The wire value.
    public var rawValue: String {
        switch self {
        case .requiresPaymentMethod: return "requires_payment_method"
        case .requiresConfirmation: return "requires_confirmation"
        case .requiresAction: return "requires_action"
        case .processing: return "processing"
        case .requiresCapture: return "requires_capture"
        case .canceled: return "canceled"
        case .succeeded: return "succeeded"
        case .unknown(let raw): return raw
        }
    }
}
