/// A SetupIntent (`object: "setup_intent"`): saves a payment method for later payments
/// without charging it. See https://docs.stripe.com/api/setup_intents/object.
public struct SetupIntent: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The SetupIntent id, `seti_…`.
    public var id: String
    /// Always `setup_intent`.
    public var object: String?
    /// The secret the client confirms with (`seti_…_secret_…`); never log it.
    public var clientSecret: String?
    /// The Customer the payment method is attached to once set up.
    public var customer: Expandable<Customer>?
    /// The payment method set up (or being set up).
    public var paymentMethod: Expandable<PaymentMethod>?
    /// The types the client may offer.
    public var paymentMethodTypes: [String]?
    /// `requires_payment_method`, `requires_confirmation`, `requires_action`, `processing`,
    /// `canceled`, `succeeded` (``Status``).
    public var status: Status?
    /// `off_session` (Stripe's default) or `on_session`.
    public var usage: String?
    /// The error of the last setup attempt (same shape as a PaymentIntent's `last_payment_error`).
    public var lastSetupError: PaymentIntentLastError?
    /// What the client must do next (e.g. 3-D Secure).
    public var nextAction: PaymentIntentNextAction?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?
    /// `false` in test mode.
    public var livemode: Bool?

    /// A SetupIntent's status; values Stripe adds later decode as `.unknown`.
    public enum Status: Codable, Sendable, Equatable, RawRepresentable {
        case requiresPaymentMethod, requiresConfirmation, requiresAction, processing, canceled, succeeded
        /// A status this client does not know.
        case unknown(String)

        /// Stripe's spelling.
        public var rawValue: String {
            switch self {
            case .requiresPaymentMethod: "requires_payment_method"
            case .requiresConfirmation: "requires_confirmation"
            case .requiresAction: "requires_action"
            case .processing: "processing"
            case .canceled: "canceled"
            case .succeeded: "succeeded"
            case .unknown(let raw): raw
            }
        }

        /// The status for Stripe's spelling (`.unknown` for others).
        public init(rawValue: String) {
            switch rawValue {
            case "requires_payment_method": self = .requiresPaymentMethod
            case "requires_confirmation": self = .requiresConfirmation
            case "requires_action": self = .requiresAction
            case "processing": self = .processing
            case "canceled": self = .canceled
            case "succeeded": self = .succeeded
            default: self = .unknown(rawValue)
            }
        }

        /// Decodes Stripe's string.
        public init(from decoder: any Decoder) throws {
            self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
        }

        /// Encodes Stripe's string.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(rawValue)
        }
    }

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, clientSecret: String? = nil, customer: Expandable<Customer>? = nil,
        paymentMethod: Expandable<PaymentMethod>? = nil, paymentMethodTypes: [String]? = nil,
        status: Status? = nil, usage: String? = nil, lastSetupError: PaymentIntentLastError? = nil,
        nextAction: PaymentIntentNextAction? = nil, metadata: [String: String]? = nil, created: Int? = nil,
        livemode: Bool? = nil
    ) {
        self.id = id; self.object = object; self.clientSecret = clientSecret; self.customer = customer
        self.paymentMethod = paymentMethod; self.paymentMethodTypes = paymentMethodTypes; self.status = status
        self.usage = usage; self.lastSetupError = lastSetupError; self.nextAction = nextAction
        self.metadata = metadata; self.created = created; self.livemode = livemode
    }

    enum CodingKeys: String, CodingKey {
        case id, object, customer, status, usage, metadata, created, livemode
        case clientSecret = "client_secret"
        case paymentMethod = "payment_method"
        case paymentMethodTypes = "payment_method_types"
        case lastSetupError = "last_setup_error"
        case nextAction = "next_action"
    }
}
