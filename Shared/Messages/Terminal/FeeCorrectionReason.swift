/// Why a capture carried another application fee than the PaymentIntent's
/// (`terminal.payment.fee_corrected`).
public enum FeeCorrectionReason: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// The PaymentIntent carried no application fee; the fee policy set it.
    case missingFee = "missing_fee"
    /// The captured total differs from the authorized amount (a tip, a partial capture): the
    /// fee policy recomputed the fee on the captured total.
    case amountChanged = "amount_changed"
    /// The point-of-sale app created the PaymentIntent with another fee than the fee policy's.
    case appFee = "app_fee"
    /// The capture command named the fee (`application_fee_amount`).
    case command
}
