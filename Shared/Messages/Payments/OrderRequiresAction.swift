/// `payments.order.requires_action`, described in ``messageDescription`` (the catalogue's text).
public struct OrderRequiresAction: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.order.requires_action"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "An off-session charge of the buyer's saved method needs the buyer: the bank asked for authentication (`authentication_required`). The buyer is sent to `authentication_url`, the platform's page, which confirms the PaymentIntent there with the client secret from the command's reply (never in this event). Published once per order until it is paid; the order can still be paid (`payments.order.paid`) or fail."

    /// The seller's connected account.
    public var account: String
    /// The platform's order id.
    public var orderReference: String
    /// Amount to pay.
    public var amount: Int
    /// Currency.
    public var currency: String
    /// The platform's application fee.
    public var applicationFeeAmount: Int?
    /// The PaymentIntent (`pi_…`) waiting for the buyer.
    public var paymentIntent: String?
    /// The saved PaymentMethod (`pm_…`) the bank wants authenticated.
    public var paymentMethod: String?
    /// The buyer's e-mail, to tell them.
    public var customerEmail: String?
    /// The platform's page where the buyer authenticates.
    public var authenticationUrl: String?
    /// Stripe's error code, authentication_required.
    public var failureCode: String?
    /// When it happened (the service's clock when Stripe answered).
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        account: String, orderReference: String, amount: Int, currency: String, applicationFeeAmount: Int? = nil,
        paymentIntent: String? = nil, paymentMethod: String? = nil, customerEmail: String? = nil,
        authenticationUrl: String? = nil, failureCode: String? = nil, occurredAt: Int
    ) {
        self.account = account
        self.orderReference = orderReference
        self.amount = amount
        self.currency = currency
        self.applicationFeeAmount = applicationFeeAmount
        self.paymentIntent = paymentIntent
        self.paymentMethod = paymentMethod
        self.customerEmail = customerEmail
        self.authenticationUrl = authenticationUrl
        self.failureCode = failureCode
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account.",
        "order_reference": "The platform's order id.",
        "amount": "Amount to pay.",
        "currency": "Currency.",
        "application_fee_amount": "The platform's application fee.",
        "payment_intent": "The PaymentIntent (`pi_…`) waiting for the buyer.",
        "payment_method": "The saved PaymentMethod (`pm_…`) the bank wants authenticated.",
        "customer_email": "The buyer's e-mail, to tell them.",
        "authentication_url": "The platform's page where the buyer authenticates.",
        "failure_code": "Stripe's error code, authentication_required.",
        "occurred_at": "When it happened (the service's clock when Stripe answered).",
    ]
}
