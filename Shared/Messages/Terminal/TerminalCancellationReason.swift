/// Why a PaymentIntent is canceled (Stripe API reference: PaymentIntents, `cancellation_reason`).
public enum TerminalCancellationReason: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// A duplicate transaction.
    case duplicate
    /// Suspected fraud.
    case fraudulent
    /// The customer asked for it.
    case requestedByCustomer = "requested_by_customer"
    /// The sale was abandoned.
    case abandoned
}
