/// How Checkout is shown (Stripe API reference: Checkout Sessions, `ui_mode`).
public enum CheckoutUIMode: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// Stripe's hosted page: needs `success_url`; the reply carries the session `url`.
    case hosted
    /// Embedded in the platform's page: needs `return_url` with `{CHECKOUT_SESSION_ID}`; the reply
    /// carries `client_secret`.
    case embedded
}
