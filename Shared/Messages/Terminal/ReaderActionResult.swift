/// The reply of the commands that hand a PaymentIntent to a server-driven reader
/// (`terminal.process_payment`, `terminal.collect_payment_method`, `terminal.confirm_payment`):
/// the reader, the PaymentIntent and the state of the reader's action. The outcome itself
/// arrives later as events.
public struct ReaderActionResult: Codable, Sendable, Equatable, FieldDocumented {
    /// The reader (`tmr_…`).
    public var reader: String
    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// The reader's action state (normally `in_progress`).
    public var actionStatus: ReaderActionStatus

    /// Creates the result.
    public init(reader: String, paymentIntent: String, actionStatus: ReaderActionStatus) {
        self.reader = reader
        self.paymentIntent = paymentIntent
        self.actionStatus = actionStatus
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "reader": "The reader (`tmr_…`).",
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "action_status": "The reader's action state (normally `in_progress`).",
    ]
}
