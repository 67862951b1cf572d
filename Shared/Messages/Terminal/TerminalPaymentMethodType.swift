/// An in-person payment method type of a Terminal PaymentIntent (Stripe API reference:
/// PaymentIntents, `payment_method_types`).
public enum TerminalPaymentMethodType: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// Cards read by a reader (always present).
    case cardPresent = "card_present"
    /// Canadian Interac debit cards: Canadian accounts only, never manual capture, refunds on
    /// the reader.
    case interacPresent = "interac_present"
}
