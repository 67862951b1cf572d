import Messages
import StripeAPI

extension ReaderSummary {
    /// The message form of a Stripe reader.
    init(_ reader: TerminalReader) {
        self.init(
            reader: reader.id, label: reader.label, location: reader.location?.id,
            deviceType: reader.deviceType ?? "unknown", status: reader.status.map { ReaderStatus(rawValue: $0.rawValue) },
            serialNumber: reader.serialNumber)
    }
}
