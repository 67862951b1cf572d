/// A customer (`object: "customer"`). See https://docs.stripe.com/api/customers/object.
public struct Customer: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The customer id, `cus_…`.
    public var id: String
    /// Always `customer`.
    public var object: String?
    /// Email.
    public var email: String?
    /// Full name or business name.
    public var name: String?
    /// Phone.
    public var phone: String?
    /// Your description.
    public var description: String?
    /// Credit balance in the currency's smallest unit (e.g. cents).
    public var balance: Int?
    /// Three-letter currency code of the balance.
    public var currency: String?
    /// Billing address.
    public var address: Address?
    /// `true` when this is a deleted customer.
    public var deleted: Bool?
    /// `false` in test mode.
    public var livemode: Bool?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?
    /// Default invoice settings, with the default PaymentMethod.
    public var invoiceSettings: InvoiceSettings?

    /// A customer's `invoice_settings`.
    public struct InvoiceSettings: Codable, Sendable, Equatable {
        /// The PaymentMethod attached to the customer used by default (`pm_…`, or the object when expanded).
        public var defaultPaymentMethod: Expandable<PaymentMethod>?

        /// Settings with the given default.
        public init(defaultPaymentMethod: Expandable<PaymentMethod>? = nil) { self.defaultPaymentMethod = defaultPaymentMethod }

        enum CodingKeys: String, CodingKey {
            case defaultPaymentMethod = "default_payment_method"
        }
    }

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, email: String? = nil, name: String? = nil, phone: String? = nil,
        description: String? = nil, balance: Int? = nil, currency: String? = nil, address: Address? = nil,
        deleted: Bool? = nil, livemode: Bool? = nil, metadata: [String: String]? = nil,
        created: Int? = nil, invoiceSettings: InvoiceSettings? = nil
    ) {
        self.id = id
        self.object = object
        self.email = email
        self.name = name
        self.phone = phone
        self.description = description
        self.balance = balance
        self.currency = currency
        self.address = address
        self.deleted = deleted
        self.livemode = livemode
        self.metadata = metadata
        self.created = created
        self.invoiceSettings = invoiceSettings
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case email
        case name
        case phone
        case description
        case balance
        case currency
        case address
        case deleted
        case livemode
        case metadata
        case created
        case invoiceSettings = "invoice_settings"
    }
}
