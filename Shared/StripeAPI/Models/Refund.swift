/// A refund (`object: "refund"`). See https://docs.stripe.com/api/refunds/object.
public struct Refund: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The refund id, `re_…`.
    public var id: String
    /// Always `refund`.
    public var object: String?
    /// Amount in the currency's smallest unit (e.g. cents).
    public var amount: Int?
    /// Three-letter currency code.
    public var currency: String?
    /// The state.
    public var status: Status?
    /// `duplicate`, `fraudulent` or `requested_by_customer`.
    public var reason: String?
    /// The refunded charge.
    public var charge: Expandable<Charge>?
    /// The refunded PaymentIntent.
    public var paymentIntent: Expandable<PaymentIntent>?
    /// Why it failed.
    public var failureReason: String?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, amount: Int? = nil, currency: String? = nil,
        status: Status? = nil, reason: String? = nil, charge: Expandable<Charge>? = nil,
        paymentIntent: Expandable<PaymentIntent>? = nil, failureReason: String? = nil,
        metadata: [String: String]? = nil, created: Int? = nil
    ) {
        self.id = id
        self.object = object
        self.amount = amount
        self.currency = currency
        self.status = status
        self.reason = reason
        self.charge = charge
        self.paymentIntent = paymentIntent
        self.failureReason = failureReason
        self.metadata = metadata
        self.created = created
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case amount
        case currency
        case status
        case reason
        case charge
        case paymentIntent = "payment_intent"
        case failureReason = "failure_reason"
        case metadata
        case created
    }
}
