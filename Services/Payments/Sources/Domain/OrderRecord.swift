public import Messages

/// One order of a connected account (a row of `orders`), keyed by (account, order reference).
///
/// An order has at most one Checkout Session and one PaymentIntent at a time; the amount,
/// currency and application fee are recorded as sent to Stripe (smallest currency unit).
/// Thread-safety: a plain `Sendable` value.
public struct OrderRecord: Sendable, Equatable {
    /// How the order is paid.
    public enum Channel: String, Sendable, Equatable {
        /// A Checkout Session (hosted or embedded).
        case checkout
        /// A PaymentIntent for the web Payment Element.
        case paymentIntent = "payment_intent"
        /// A PaymentIntent for the mobile PaymentSheet.
        case paymentSheet = "payment_sheet"
        /// A PaymentIntent confirmed on the server (`payments.confirm_payment`).
        case serverConfirm = "server_confirm"
        /// An off-session charge of a saved method (`payments.charge_saved_payment_method`).
        case offSession = "off_session"
    }

    /// The connected account (`acct_…`).
    public var account: String
    /// The platform's order id.
    public var orderReference: String
    /// How it is paid.
    public var channel: Channel
    /// The open (or completed) Checkout Session, `cs_…`.
    public var checkoutSession: String?
    /// `hosted` or `embedded` for Checkout orders.
    public var uiMode: String?
    /// The PaymentIntent, `pi_…` (for Checkout, known once the buyer paid).
    public var paymentIntent: String?
    /// The Customer, `cus_…`, when there is one.
    public var customer: String?
    /// The buyer's e-mail, when known.
    public var customerEmail: String?
    /// Currency (lowercase ISO 4217), when known.
    public var currency: String?
    /// The platform's application fee sent to Stripe (smallest currency unit).
    public var applicationFeeAmount: Int?
    /// State, amounts and the newest event time.
    public var progress: OrderProgress
    /// Where the order ships, as given with the payment (Stripe's `shipping`).
    public var shipping: Shipping?

    /// An order value.
    public init(
        account: String, orderReference: String, channel: Channel, checkoutSession: String? = nil,
        uiMode: String? = nil, paymentIntent: String? = nil, customer: String? = nil,
        customerEmail: String? = nil, currency: String? = nil, applicationFeeAmount: Int? = nil,
        progress: OrderProgress = OrderProgress(), shipping: Shipping? = nil
    ) {
        self.account = account
        self.orderReference = orderReference
        self.channel = channel
        self.checkoutSession = checkoutSession
        self.uiMode = uiMode
        self.paymentIntent = paymentIntent
        self.customer = customer
        self.customerEmail = customerEmail
        self.currency = currency
        self.applicationFeeAmount = applicationFeeAmount
        self.progress = progress
        self.shipping = shipping
    }
}
