/// A payment method (`object: "payment_method"`).
/// See https://docs.stripe.com/api/payment_methods/object.
public struct PaymentMethod: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The payment method id, `pm_…`.
    public var id: String
    /// Always `payment_method`.
    public var object: String?
    /// e.g. `card`, `card_present`, `sepa_debit`.
    public var type: String?
    /// Card details (type `card`).
    public var card: CardDetails?
    /// Card-present details (type `card_present`).
    public var cardPresent: CardPresentDetails?
    /// Billing details.
    public var billingDetails: BillingDetails?
    /// The customer it is attached to.
    public var customer: Expandable<Customer>?
    /// `false` in test mode.
    public var livemode: Bool?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, type: String? = nil, card: CardDetails? = nil,
        cardPresent: CardPresentDetails? = nil, billingDetails: BillingDetails? = nil,
        customer: Expandable<Customer>? = nil, livemode: Bool? = nil, metadata: [String: String]? = nil,
        created: Int? = nil
    ) {
        self.id = id
        self.object = object
        self.type = type
        self.card = card
        self.cardPresent = cardPresent
        self.billingDetails = billingDetails
        self.customer = customer
        self.livemode = livemode
        self.metadata = metadata
        self.created = created
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case type
        case card
        case cardPresent = "card_present"
        case billingDetails = "billing_details"
        case customer
        case livemode
        case metadata
        case created
    }
}

/// Billing details of a payment method or charge.
public struct BillingDetails: Codable, Sendable, Equatable {
    /// Email.
    public var email: String?
    /// Name.
    public var name: String?
    /// Phone.
    public var phone: String?
    /// Billing address.
    public var address: Address?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(email: String? = nil, name: String? = nil, phone: String? = nil, address: Address? = nil) {
        self.email = email
        self.name = name
        self.phone = phone
        self.address = address
    }

    enum CodingKeys: String, CodingKey {
        case email
        case name
        case phone
        case address
    }
}
