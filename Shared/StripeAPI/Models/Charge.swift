/// A charge (`object: "charge"`). See https://docs.stripe.com/api/charges/object.
public struct Charge: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The charge id, `ch_…`.
    public var id: String
    /// Always `charge`.
    public var object: String?
    /// Amount in the currency's smallest unit (e.g. cents).
    public var amount: Int?
    /// Amount captured in the currency's smallest unit (e.g. cents).
    public var amountCaptured: Int?
    /// Amount refunded in the currency's smallest unit (e.g. cents).
    public var amountRefunded: Int?
    /// Three-letter currency code.
    public var currency: String?
    /// `succeeded`, `pending` or `failed`.
    public var status: String?
    /// Whether it succeeded or was authorized.
    public var paid: Bool?
    /// Whether it was captured.
    public var captured: Bool?
    /// Whether it was fully refunded.
    public var refunded: Bool?
    /// The PaymentIntent, as id or expanded.
    public var paymentIntent: Expandable<PaymentIntent>?
    /// The payment method id.
    public var paymentMethod: String?
    /// How it was paid.
    public var paymentMethodDetails: PaymentMethodDetails?
    /// Error code when it failed.
    public var failureCode: String?
    /// Message when it failed.
    public var failureMessage: String?
    /// The network's and Radar's result.
    public var outcome: ChargeOutcome?
    /// The platform's fee object.
    public var applicationFee: Expandable<ApplicationFee>?
    /// The platform's fee in the currency's smallest unit (e.g. cents).
    public var applicationFeeAmount: Int?
    /// The customer.
    public var customer: Expandable<Customer>?
    /// Your description.
    public var description: String?
    /// `false` in test mode.
    public var livemode: Bool?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?
    /// The payer's details as given with the payment method (`billing_details`).
    public var billingDetails: BillingDetails?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, amount: Int? = nil, amountCaptured: Int? = nil,
        amountRefunded: Int? = nil, currency: String? = nil, status: String? = nil, paid: Bool? = nil,
        captured: Bool? = nil, refunded: Bool? = nil, paymentIntent: Expandable<PaymentIntent>? = nil,
        paymentMethod: String? = nil, paymentMethodDetails: PaymentMethodDetails? = nil,
        failureCode: String? = nil, failureMessage: String? = nil, outcome: ChargeOutcome? = nil,
        applicationFee: Expandable<ApplicationFee>? = nil, applicationFeeAmount: Int? = nil,
        customer: Expandable<Customer>? = nil, description: String? = nil, livemode: Bool? = nil,
        metadata: [String: String]? = nil, created: Int? = nil, billingDetails: BillingDetails? = nil
    ) {
        self.id = id
        self.object = object
        self.amount = amount
        self.amountCaptured = amountCaptured
        self.amountRefunded = amountRefunded
        self.currency = currency
        self.status = status
        self.paid = paid
        self.captured = captured
        self.refunded = refunded
        self.paymentIntent = paymentIntent
        self.paymentMethod = paymentMethod
        self.paymentMethodDetails = paymentMethodDetails
        self.failureCode = failureCode
        self.failureMessage = failureMessage
        self.outcome = outcome
        self.applicationFee = applicationFee
        self.applicationFeeAmount = applicationFeeAmount
        self.customer = customer
        self.description = description
        self.livemode = livemode
        self.metadata = metadata
        self.created = created
        self.billingDetails = billingDetails
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case amount
        case amountCaptured = "amount_captured"
        case amountRefunded = "amount_refunded"
        case currency
        case status
        case paid
        case captured
        case refunded
        case paymentIntent = "payment_intent"
        case paymentMethod = "payment_method"
        case paymentMethodDetails = "payment_method_details"
        case failureCode = "failure_code"
        case failureMessage = "failure_message"
        case outcome
        case applicationFee = "application_fee"
        case applicationFeeAmount = "application_fee_amount"
        case customer
        case description
        case livemode
        case metadata
        case created
        case billingDetails = "billing_details"
    }
}

/// How a charge was paid (`payment_method_details`).
public struct PaymentMethodDetails: Codable, Sendable, Equatable {
    /// e.g. `card`, `card_present`.
    public var type: String?
    /// Card details (type `card`).
    public var card: CardDetails?
    /// Card-present details (type `card_present`).
    public var cardPresent: CardPresentDetails?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(type: String? = nil, card: CardDetails? = nil, cardPresent: CardPresentDetails? = nil) {
        self.type = type
        self.card = card
        self.cardPresent = cardPresent
    }

    enum CodingKeys: String, CodingKey {
        case type
        case card
        case cardPresent = "card_present"
    }
}

/// The result of a charge attempt.
public struct ChargeOutcome: Codable, Sendable, Equatable {
    /// `authorized`, `issuer_declined`, `blocked`, …
    public var type: String?
    /// `approved_by_network`, `declined_by_network`, …
    public var networkStatus: String?
    /// A reason code, e.g. `highest_risk_level`.
    public var reason: String?
    /// A message for the seller.
    public var sellerMessage: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        type: String? = nil, networkStatus: String? = nil, reason: String? = nil,
        sellerMessage: String? = nil
    ) {
        self.type = type
        self.networkStatus = networkStatus
        self.reason = reason
        self.sellerMessage = sellerMessage
    }

    enum CodingKeys: String, CodingKey {
        case type
        case networkStatus = "network_status"
        case reason
        case sellerMessage = "seller_message"
    }
}
