/// One point-of-sale order's card-present payment: the order reference, its single
/// PaymentIntent and what the gateway knows about it.
///
/// Amounts are integers in the currency's smallest unit; times are Unix seconds. There is
/// exactly one PaymentIntent per order reference (a decline keeps the same PaymentIntent).
/// Thread-safety: a plain `Sendable` value.
public struct TerminalPayment: Sendable, Equatable {
    /// The point-of-sale order id (primary key).
    public var orderReference: String
    /// The PaymentIntent, `pi_…`.
    public var paymentIntent: String
    /// The connected account of a direct charge, or `nil` for the platform's own payments.
    public var account: String?
    /// The amount asked (the PaymentIntent's `amount`).
    public var amount: Int
    /// Lowercase ISO 4217 currency.
    public var currency: String
    /// `manual` or `automatic`.
    public var captureMethod: String
    /// The platform's application fee (direct charges only).
    public var applicationFeeAmount: Int?
    /// Where the payment stands.
    public var state: TerminalPaymentState
    /// The reader the PaymentIntent was last handed to.
    public var reader: String?
    /// The authorized amount (`amount_capturable` when it was authorized).
    public var amountAuthorized: Int?
    /// The captured amount.
    public var amountCaptured: Int?
    /// Whether the card allows over-capture (`overcapture_supported`).
    public var overcaptureSupported: Bool
    /// When the authorization happened (the charge's `created`).
    public var authorizedAt: Int?
    /// When the authorization lapses: ``authorizedAt`` + ``TerminalPaymentMachine/captureWindowSeconds``.
    public var expiresAt: Int?
    /// The latest charge whose outcome was applied (a decline is applied once per charge).
    public var lastChargeId: String?
    /// The issuer's decline code of the last decline.
    public var declineCode: String?
    /// Stripe's error code of the last decline (e.g. `card_declined`).
    public var failureCode: String?
    /// Stripe's message of the last decline.
    public var failureMessage: String?
    /// Stripe's `cancellation_reason` (`automatic` when the authorization lapsed).
    public var cancellationReason: String?
    /// The idempotency key of the capture that captured it, when known (`<message_id>:capture`).
    public var captureKey: String?
    /// The idempotency key of the last `process_payment` (`<message_id>:process_payment`).
    public var processKey: String?
    /// Whether the point-of-sale app created the PaymentIntent (column `origin` = `app`): its
    /// fee was set by the app, so the fee policy checks it at every capture.
    public var appCreated = false

    /// A payment as created: `requires_payment_method`, nothing authorized.
    public init(
        orderReference: String, paymentIntent: String, account: String? = nil, amount: Int, currency: String,
        captureMethod: String = "manual", applicationFeeAmount: Int? = nil,
        state: TerminalPaymentState = .requiresPaymentMethod
    ) {
        self.orderReference = orderReference
        self.paymentIntent = paymentIntent
        self.account = account
        self.amount = amount
        self.currency = currency
        self.captureMethod = captureMethod
        self.applicationFeeAmount = applicationFeeAmount
        self.state = state
        self.overcaptureSupported = false
    }
}
