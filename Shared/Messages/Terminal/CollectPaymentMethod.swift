/// `terminal.collect_payment_method`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CollectPaymentMethod: CommandMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.collect_payment_method"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Have a server-driven reader read a card for a PaymentIntent without charging it (`collect_payment_method`). When the card is read the gateway publishes `terminal.payment.method_collected` (brand, last4, funding, wallet type) so the platform can inspect it; `terminal.confirm_payment` must follow within 30 seconds, or `terminal.cancel_reader_action`."

    /// The reader (`tmr_…`).
    public var reader: String
    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?

    /// Creates the command; optional fields default to absent.
    public init(reader: String, paymentIntent: String, account: String? = nil) {
        self.reader = reader
        self.paymentIntent = paymentIntent
        self.account = account
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "reader": "The reader (`tmr_…`).",
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
    ]

    /// The reader is waiting for the card: ``ReaderActionResult``.
    public typealias Result = ReaderActionResult
}

/// The reader, PaymentIntent and account rules: ``ReaderPaymentCommand``.
extension CollectPaymentMethod: ReaderPaymentCommand {}
