/// Why a refund is made (Stripe API reference: Refunds, `reason`).
public enum RefundReason: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// The charge was a duplicate.
    case duplicate
    /// The charge was fraudulent.
    case fraudulent
    /// The customer asked for it.
    case requestedByCustomer = "requested_by_customer"
}
