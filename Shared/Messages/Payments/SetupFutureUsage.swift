/// Stripe's `setup_future_usage`: the payment method is saved to the Customer for later use
/// (https://docs.stripe.com/api/payment_intents/create#create_payment_intent-setup_future_usage).
public enum SetupFutureUsage: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// Later payments with the buyer present (a returning buyer's one-click checkout).
    case onSession = "on_session"
    /// Later payments without the buyer (`payments.charge_saved_payment_method`); the bank
    /// may authenticate the card now so later charges need no authentication.
    case offSession = "off_session"
}
