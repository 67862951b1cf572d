import Messages
import StripeAPI

extension ReaderActionResult {
    /// The reply for a reader action Stripe accepted on `paymentIntent`: the reader's id and
    /// its action's status as Stripe answered it (`in_progress` when the answer has none).
    init(_ reader: TerminalReader, paymentIntent: String) {
        let status = reader.action?.status.map { ReaderActionStatus(rawValue: $0.rawValue) } ?? .inProgress
        self.init(reader: reader.id, paymentIntent: paymentIntent, actionStatus: status)
    }
}
