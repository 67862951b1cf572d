/// A Checkout Session (`object: "checkout.session"`).
/// See https://docs.stripe.com/api/checkout/sessions/object.
public struct CheckoutSession: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The session id, `cs_…`.
    public var id: String
    /// Always `checkout.session`.
    public var object: String?
    /// `payment`, `setup` or `subscription`.
    public var mode: CheckoutSessionMode?
    /// `hosted_page`/`hosted` (use `url`), `embedded_page`/`embedded` or `elements`/`custom`
    /// (use `client_secret`); both generations decode (``CheckoutSessionUIMode/normalized``).
    public var uiMode: CheckoutSessionUIMode?
    /// The payment method types the session offers (a response field in every version).
    public var paymentMethodTypes: [String]?
    /// `open`, `complete` or `expired`.
    public var status: Status?
    /// `paid`, `unpaid` or `no_payment_required`.
    public var paymentStatus: CheckoutSessionPaymentStatus?
    /// The hosted page URL (hosted mode, while open).
    public var url: String?
    /// The secret for embedded Checkout.
    public var clientSecret: String?
    /// Where the hosted page sends the customer after payment.
    public var successUrl: String?
    /// Where the hosted page sends the customer on cancel.
    public var cancelUrl: String?
    /// Where embedded Checkout returns.
    public var returnUrl: String?
    /// The customer, as id or expanded.
    public var customer: Expandable<Customer>?
    /// The email the session was created with.
    public var customerEmail: String?
    /// What the customer entered.
    public var customerDetails: CheckoutCustomerDetails?
    /// The PaymentIntent (payment mode), as id or expanded.
    public var paymentIntent: Expandable<PaymentIntent>?
    /// Total before discounts and taxes in the currency's smallest unit (e.g. cents).
    public var amountSubtotal: Int?
    /// Total in the currency's smallest unit (e.g. cents).
    public var amountTotal: Int?
    /// Three-letter currency code.
    public var currency: String?
    /// Your reference for the session (e.g. an order id).
    public var clientReferenceId: String?
    /// The items, when expanded with `expand[]=line_items`.
    public var lineItems: StripeList<LineItem>?
    /// Expiry time; Unix timestamp in seconds.
    public var expiresAt: Int?
    /// `false` in test mode.
    public var livemode: Bool?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, mode: CheckoutSessionMode? = nil,
        uiMode: CheckoutSessionUIMode? = nil, status: Status? = nil,
        paymentStatus: CheckoutSessionPaymentStatus? = nil, url: String? = nil,
        clientSecret: String? = nil, successUrl: String? = nil, cancelUrl: String? = nil,
        returnUrl: String? = nil, customer: Expandable<Customer>? = nil, customerEmail: String? = nil,
        customerDetails: CheckoutCustomerDetails? = nil, paymentIntent: Expandable<PaymentIntent>? = nil,
        amountSubtotal: Int? = nil, amountTotal: Int? = nil, currency: String? = nil,
        clientReferenceId: String? = nil, lineItems: StripeList<LineItem>? = nil, expiresAt: Int? = nil,
        livemode: Bool? = nil, metadata: [String: String]? = nil, created: Int? = nil
    ) {
        self.id = id
        self.object = object
        self.mode = mode
        self.uiMode = uiMode
        self.status = status
        self.paymentStatus = paymentStatus
        self.url = url
        self.clientSecret = clientSecret
        self.successUrl = successUrl
        self.cancelUrl = cancelUrl
        self.returnUrl = returnUrl
        self.customer = customer
        self.customerEmail = customerEmail
        self.customerDetails = customerDetails
        self.paymentIntent = paymentIntent
        self.amountSubtotal = amountSubtotal
        self.amountTotal = amountTotal
        self.currency = currency
        self.clientReferenceId = clientReferenceId
        self.lineItems = lineItems
        self.expiresAt = expiresAt
        self.livemode = livemode
        self.metadata = metadata
        self.created = created
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case mode
        case uiMode = "ui_mode"
        case paymentMethodTypes = "payment_method_types"
        case status
        case paymentStatus = "payment_status"
        case url
        case clientSecret = "client_secret"
        case successUrl = "success_url"
        case cancelUrl = "cancel_url"
        case returnUrl = "return_url"
        case customer
        case customerEmail = "customer_email"
        case customerDetails = "customer_details"
        case paymentIntent = "payment_intent"
        case amountSubtotal = "amount_subtotal"
        case amountTotal = "amount_total"
        case currency
        case clientReferenceId = "client_reference_id"
        case lineItems = "line_items"
        case expiresAt = "expires_at"
        case livemode
        case metadata
        case created
    }
}

/// What a customer entered in Checkout (`customer_details`): the same email, name, phone
/// and address fields as a payment method's ``BillingDetails``.
public typealias CheckoutCustomerDetails = BillingDetails
