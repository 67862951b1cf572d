/// What a Checkout Session does (`mode`).
public enum CheckoutSessionMode: StripeStringEnum {
    /// `payment`.
    case payment
    /// `setup`.
    case setup
    /// `subscription`.
    case subscription
    /// A value this code does not know yet.
    case unknown(String)

    /// Every known case.
    public static let known: [CheckoutSessionMode] = [.payment, .setup, .subscription]

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .payment: "payment"
        case .setup: "setup"
        case .subscription: "subscription"
        case .unknown(let raw): raw
        }
    }
}

/// How a Checkout Session is shown (`ui_mode`): a Stripe-hosted page or embedded.
public enum CheckoutSessionUIMode: StripeStringEnum {
    /// `hosted`.
    case hosted
    /// `embedded`.
    case embedded
    /// `custom`.
    case custom
    /// A value this code does not know yet.
    case unknown(String)

    /// Every known case.
    public static let known: [CheckoutSessionUIMode] = [.hosted, .embedded, .custom]

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .hosted: "hosted"
        case .embedded: "embedded"
        case .custom: "custom"
        case .unknown(let raw): raw
        }
    }
}

extension CheckoutSession {
    /// A Checkout Session's state (`status`).
    public enum Status: StripeStringEnum {
        /// `open`.
        case open
        /// `complete`.
        case complete
        /// `expired`.
        case expired
        /// A value this code does not know yet.
        case unknown(String)

        /// Every known case.
        public static let known: [Status] = [.open, .complete, .expired]

        /// The wire string.
        public var rawValue: String {
            switch self {
            case .open: "open"
            case .complete: "complete"
            case .expired: "expired"
            case .unknown(let raw): raw
            }
        }
    }
}

/// Whether a Checkout Session's payment is done (`payment_status`); `unpaid` with
/// `status: complete` means a delayed method is still processing.
public enum CheckoutSessionPaymentStatus: StripeStringEnum {
    /// `paid`.
    case paid
    /// `unpaid`.
    case unpaid
    /// `no_payment_required`.
    case noPaymentRequired
    /// A value this code does not know yet.
    case unknown(String)

    /// Every known case.
    public static let known: [CheckoutSessionPaymentStatus] = [.paid, .unpaid, .noPaymentRequired]

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .paid: "paid"
        case .unpaid: "unpaid"
        case .noPaymentRequired: "no_payment_required"
        case .unknown(let raw): raw
        }
    }
}
