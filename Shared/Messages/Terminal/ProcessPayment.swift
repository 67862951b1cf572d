/// `terminal.process_payment`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct ProcessPayment: CommandMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.process_payment"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Hand a PaymentIntent to a server-driven reader (`process_payment_intent`). The outcome arrives as events (terminal.payment.authorized / declined). A declined card leaves the PaymentIntent `requires_payment_method` and the next attempt reuses it; a timeout is retried on the same PaymentIntent, never on a new one."

    /// The reader (`tmr_…`).
    public var reader: String
    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?
    /// Skip on-reader tipping (`process_config[skip_tipping]`).
    public var skipTipping: Bool?

    /// Creates the command; optional fields default to absent.
    public init(reader: String, paymentIntent: String, account: String? = nil, skipTipping: Bool? = nil) {
        self.reader = reader
        self.paymentIntent = paymentIntent
        self.account = account
        self.skipTipping = skipTipping
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "reader": "The reader (`tmr_…`).",
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
        "skip_tipping": "Skip on-reader tipping (`process_config[skip_tipping]`).",
    ]

    /// The reader has taken the PaymentIntent: ``ReaderActionResult``.
    public typealias Result = ReaderActionResult
}

/// The reader, PaymentIntent and account rules: ``ReaderPaymentCommand``.
extension ProcessPayment: ReaderPaymentCommand {}
