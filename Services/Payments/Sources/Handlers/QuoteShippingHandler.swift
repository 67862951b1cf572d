import Messages

/// `payments.quote_shipping` (batched, no Stripe call, no write): the answer of the
/// service's ``ShippingRules`` for the address, currency and subtotal.
/// Thread-safety: `Sendable`, stateless.
struct QuoteShippingHandler: Sendable {
    /// The platform's rules (`SHIPPING_RULES`).
    let rules: ShippingRules

    /// Handles one command (it needs nothing of the message's context).
    func handle(_ command: QuoteShipping) -> Reply<QuoteShipping.Result> {
        .ok(rules.quote(address: command.address, currency: command.currency, subtotal: command.subtotal))
    }
}
