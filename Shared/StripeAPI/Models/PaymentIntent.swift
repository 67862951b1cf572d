/// A PaymentIntent (`object: "payment_intent"`).
/// See https://docs.stripe.com/api/payment_intents/object.
public struct PaymentIntent: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The PaymentIntent id, `pi_…`.
    public var id: String
    /// Always `payment_intent`.
    public var object: String?
    /// Amount to collect in the currency's smallest unit (e.g. cents).
    public var amount: Int?
    /// Amount that can still be captured in the currency's smallest unit (e.g. cents).
    public var amountCapturable: Int?
    /// Amount received in the currency's smallest unit (e.g. cents).
    public var amountReceived: Int?
    /// Three-letter currency code, lower case.
    public var currency: String?
    /// The state.
    public var status: Status?
    /// `automatic`, `automatic_async` or `manual`.
    public var captureMethod: CaptureMethod?
    /// The secret for client-side confirmation.
    public var clientSecret: String?
    /// The customer, as id or expanded.
    public var customer: Expandable<Customer>?
    /// The payment method, as id or expanded.
    public var paymentMethod: Expandable<PaymentMethod>?
    /// Allowed payment method types, e.g. `card`, `card_present`.
    public var paymentMethodTypes: [String]?
    /// Whether methods come from the Dashboard settings.
    public var automaticPaymentMethods: AutomaticPaymentMethods?
    /// The latest charge, as id or expanded.
    public var latestCharge: Expandable<Charge>?
    /// Why the last attempt failed.
    public var lastPaymentError: PaymentIntentLastError?
    /// The platform's fee in the currency's smallest unit (e.g. cents).
    public var applicationFeeAmount: Int?
    /// What the customer must do (`requires_action`).
    public var nextAction: PaymentIntentNextAction?
    /// Per-method options (e.g. `card_present`).
    public var paymentMethodOptions: PaymentMethodOptions?
    /// The account the payment is made for.
    public var onBehalfOf: String?
    /// Destination charge settings.
    public var transferData: TransferData?
    /// Your description.
    public var description: String?
    /// Why it was canceled.
    public var cancellationReason: String?
    /// Cancellation time; Unix timestamp in seconds.
    public var canceledAt: Int?
    /// `false` in test mode.
    public var livemode: Bool?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?
    /// The e-mail address the receipt goes to (`receipt_email`), if one was given.
    public var receiptEmail: String?
    /// `on_session` or `off_session` when the payment method is saved for later use (`setup_future_usage`).
    public var setupFutureUsage: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, amount: Int? = nil, amountCapturable: Int? = nil,
        amountReceived: Int? = nil, currency: String? = nil, status: Status? = nil,
        captureMethod: CaptureMethod? = nil, clientSecret: String? = nil,
        customer: Expandable<Customer>? = nil, paymentMethod: Expandable<PaymentMethod>? = nil,
        paymentMethodTypes: [String]? = nil, automaticPaymentMethods: AutomaticPaymentMethods? = nil,
        latestCharge: Expandable<Charge>? = nil, lastPaymentError: PaymentIntentLastError? = nil,
        applicationFeeAmount: Int? = nil, nextAction: PaymentIntentNextAction? = nil,
        paymentMethodOptions: PaymentMethodOptions? = nil, onBehalfOf: String? = nil,
        transferData: TransferData? = nil, description: String? = nil, cancellationReason: String? = nil,
        canceledAt: Int? = nil, livemode: Bool? = nil, metadata: [String: String]? = nil,
        created: Int? = nil, receiptEmail: String? = nil
    ) {
        self.id = id
        self.object = object
        self.amount = amount
        self.amountCapturable = amountCapturable
        self.amountReceived = amountReceived
        self.currency = currency
        self.status = status
        self.captureMethod = captureMethod
        self.clientSecret = clientSecret
        self.customer = customer
        self.paymentMethod = paymentMethod
        self.paymentMethodTypes = paymentMethodTypes
        self.automaticPaymentMethods = automaticPaymentMethods
        self.latestCharge = latestCharge
        self.lastPaymentError = lastPaymentError
        self.applicationFeeAmount = applicationFeeAmount
        self.nextAction = nextAction
        self.paymentMethodOptions = paymentMethodOptions
        self.onBehalfOf = onBehalfOf
        self.transferData = transferData
        self.description = description
        self.cancellationReason = cancellationReason
        self.canceledAt = canceledAt
        self.livemode = livemode
        self.metadata = metadata
        self.created = created
        self.receiptEmail = receiptEmail
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case amount
        case amountCapturable = "amount_capturable"
        case amountReceived = "amount_received"
        case currency
        case status
        case captureMethod = "capture_method"
        case clientSecret = "client_secret"
        case customer
        case paymentMethod = "payment_method"
        case paymentMethodTypes = "payment_method_types"
        case automaticPaymentMethods = "automatic_payment_methods"
        case latestCharge = "latest_charge"
        case lastPaymentError = "last_payment_error"
        case applicationFeeAmount = "application_fee_amount"
        case nextAction = "next_action"
        case paymentMethodOptions = "payment_method_options"
        case onBehalfOf = "on_behalf_of"
        case transferData = "transfer_data"
        case description
        case cancellationReason = "cancellation_reason"
        case canceledAt = "canceled_at"
        case livemode
        case metadata
        case created
        case receiptEmail = "receipt_email"
        case setupFutureUsage = "setup_future_usage"
    }
}
