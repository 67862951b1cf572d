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

/// How a Checkout Session is shown (`ui_mode`). Both generations decode: since
/// `2026-03-25.dahlia` Stripe names them `hosted_page`, `embedded_page` and `elements`;
/// Basil and Clover name them `hosted`, `embedded` and `custom`
/// (https://docs.stripe.com/changelog/dahlia/2026-03-25/updates-available-checkout-session-ui-modes).
/// ``wireValue(apiVersion:)`` spells a mode as a version expects it; ``normalized`` maps
/// an old name to the current one.
public enum CheckoutSessionUIMode: StripeStringEnum {
    /// `hosted_page`: a Stripe-hosted page (use `url`).
    case hostedPage
    /// `embedded_page`: an embedded Checkout page (use `client_secret`).
    case embeddedPage
    /// `elements`: the Payment Element from the session (use `client_secret`).
    case elements
    /// `hosted`: ``hostedPage`` before 2026-03-25.dahlia.
    case hosted
    /// `embedded`: ``embeddedPage`` before 2026-03-25.dahlia.
    case embedded
    /// `custom`: ``elements`` before 2026-03-25.dahlia.
    case custom
    /// A value this code does not know yet.
    case unknown(String)

    /// Every known case.
    public static let known: [CheckoutSessionUIMode] = [.hostedPage, .embeddedPage, .elements, .hosted, .embedded, .custom]

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .hostedPage: "hosted_page"
        case .embeddedPage: "embedded_page"
        case .elements: "elements"
        case .hosted: "hosted"
        case .embedded: "embedded"
        case .custom: "custom"
        case .unknown(let raw): raw
        }
    }

    /// The current name of this mode (`hosted` → `hosted_page`, `embedded` →
    /// `embedded_page`, `custom` → `elements`); unknown values stay as they are.
    public var normalized: CheckoutSessionUIMode {
        switch self {
        case .hosted: .hostedPage
        case .embedded: .embeddedPage
        case .custom: .elements
        default: self
        }
    }

    /// Whether the session is shown on Stripe's page (needs `success_url`, answers `url`).
    public var isHosted: Bool { normalized == .hostedPage }

    /// This mode as `apiVersion` spells it (``StripeAPIVersion/usesCheckoutPageUIModes(_:)``).
    public func wireValue(apiVersion: String) -> String {
        let mode = normalized
        guard !StripeAPIVersion.usesCheckoutPageUIModes(apiVersion) else { return mode.rawValue }
        switch mode {
        case .hostedPage: return "hosted"
        case .embeddedPage: return "embedded"
        case .elements: return "custom"
        default: return mode.rawValue
        }
    }
}

/// What an embedded or elements session does once paid (`redirect_on_completion`):
/// `always` go to `return_url` (default), `if_required` only for redirect-based payment
/// methods, `never` stay (no `return_url` allowed).
public enum CheckoutRedirectOnCompletion: StripeStringEnum {
    /// `always`.
    case always
    /// `if_required`.
    case ifRequired
    /// `never`.
    case never
    /// A value this code does not know yet.
    case unknown(String)

    /// Every known case.
    public static let known: [CheckoutRedirectOnCompletion] = [.always, .ifRequired, .never]

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .always: "always"
        case .ifRequired: "if_required"
        case .never: "never"
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
