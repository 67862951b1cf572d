/// `terminal.confirm_payment`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct TerminalConfirmPayment: CommandMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.confirm_payment"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Confirm a PaymentIntent with the card the reader collected (`confirm_payment_intent`), within 30 seconds of the collection; the outcome arrives as events (terminal.payment.authorized / declined). Later: `conflict.collection_expired`, the reader action is cancelled and the PaymentIntent can be collected again."

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

    /// The reader confirmed (or is confirming) the payment: ``ReaderActionResult``.
    public typealias Result = ReaderActionResult
}

/// The reader, PaymentIntent and account rules: ``ReaderPaymentCommand``.
extension TerminalConfirmPayment: ReaderPaymentCommand {}
