/// What Stripe says about a PaymentIntent at one moment, reduced to what the payment state
/// machine needs (built from `GET /v1/payment_intents/{id}?expand[]=latest_charge`).
///
/// Amounts in the currency's smallest unit; times in Unix seconds.
/// Thread-safety: a plain `Sendable` value.
public struct PaymentIntentSnapshot: Sendable, Equatable {
    /// Stripe's PaymentIntent `status`, reduced.
    public enum Status: String, Sendable, Equatable {
        /// `requires_payment_method` (new, or after a decline).
        case requiresPaymentMethod = "requires_payment_method"
        /// `requires_confirmation`, `requires_action` or `processing`: nothing to apply.
        case inFlight = "in_flight"
        /// `requires_capture`: authorized.
        case requiresCapture = "requires_capture"
        /// `succeeded`: captured.
        case succeeded
        /// `canceled`.
        case canceled
    }

    /// Why the last attempt failed (`last_payment_error`).
    public struct Decline: Sendable, Equatable {
        /// Stripe's error code, e.g. `card_declined`.
        public var code: String?
        /// The issuer's decline code, e.g. `generic_decline`.
        public var declineCode: String?
        /// Stripe's message.
        public var message: String?
        /// Creates a decline.
        public init(code: String? = nil, declineCode: String? = nil, message: String? = nil) {
            self.code = code
            self.declineCode = declineCode
            self.message = message
        }
    }

    /// The PaymentIntent, `pi_…`.
    public var id: String
    /// Its status.
    public var status: Status
    /// `amount`.
    public var amount: Int
    /// `amount_capturable`.
    public var amountCapturable: Int
    /// `amount_received`.
    public var amountReceived: Int
    /// `latest_charge` id.
    public var latestCharge: String?
    /// The latest charge's `created`.
    public var chargeCreated: Int?
    /// The latest charge's `payment_method_details.card_present.overcapture_supported`.
    public var overcaptureSupported: Bool
    /// `last_payment_error`, when the last attempt failed.
    public var decline: Decline?
    /// `cancellation_reason`.
    public var cancellationReason: String?
    /// `application_fee_amount` (the fee Stripe will collect, the capture's when captured).
    public var applicationFeeAmount: Int?
    /// The latest charge's `payment_method_details.card_present.incremental_authorization_supported`.
    public var incrementalAuthorizationSupported: Bool = false
    /// When this was observed (the event's `created`, or the fetch time).
    public var observedAt: Int

    /// A snapshot with the given fields.
    public init(
        id: String, status: Status, amount: Int, amountCapturable: Int = 0, amountReceived: Int = 0,
        latestCharge: String? = nil, chargeCreated: Int? = nil, overcaptureSupported: Bool = false,
        decline: Decline? = nil, cancellationReason: String? = nil, applicationFeeAmount: Int? = nil,
        observedAt: Int
    ) {
        self.id = id
        self.status = status
        self.amount = amount
        self.amountCapturable = amountCapturable
        self.amountReceived = amountReceived
        self.latestCharge = latestCharge
        self.chargeCreated = chargeCreated
        self.overcaptureSupported = overcaptureSupported
        self.decline = decline
        self.cancellationReason = cancellationReason
        self.applicationFeeAmount = applicationFeeAmount
        self.observedAt = observedAt
    }
}
