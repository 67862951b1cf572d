extension PaymentIntent {
    /// A PaymentIntent's state (`status`).
    /// See https://docs.stripe.com/payments/paymentintents/lifecycle.
    public enum Status: StripeStringEnum {
        /// `requires_payment_method`.
        case requiresPaymentMethod
        /// `requires_confirmation`.
        case requiresConfirmation
        /// `requires_action`.
        case requiresAction
        /// `processing`.
        case processing
        /// `requires_capture`.
        case requiresCapture
        /// `canceled`.
        case canceled
        /// `succeeded`.
        case succeeded
        /// A value this code does not know yet.
        case unknown(String)

        /// Every known case.
        public static let known: [Status] = [
            .requiresPaymentMethod, .requiresConfirmation, .requiresAction, .processing, .requiresCapture,
            .canceled, .succeeded,
        ]

        /// The wire string.
        public var rawValue: String {
            switch self {
            case .requiresPaymentMethod: "requires_payment_method"
            case .requiresConfirmation: "requires_confirmation"
            case .requiresAction: "requires_action"
            case .processing: "processing"
            case .requiresCapture: "requires_capture"
            case .canceled: "canceled"
            case .succeeded: "succeeded"
            case .unknown(let raw): raw
            }
        }
    }
}

/// When funds are captured (`capture_method`).
public enum CaptureMethod: StripeStringEnum {
    /// `automatic`.
    case automatic
    /// `automatic_async`.
    case automaticAsync
    /// `manual`.
    case manual
    /// `manual_preferred`: manual where the payment method allows it, else automatic
    /// (card-present payments in Australia).
    case manualPreferred
    /// A value this code does not know yet.
    case unknown(String)

    /// Every known case.
    public static let known: [CaptureMethod] = [.automatic, .automaticAsync, .manual, .manualPreferred]

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .automatic: "automatic"
        case .automaticAsync: "automatic_async"
        case .manual: "manual"
        case .manualPreferred: "manual_preferred"
        case .unknown(let raw): raw
        }
    }
}
