/// The catalogue descriptions the dispute events (`payments.dispute.*`,
/// `payments.order.disputed`) share, stated once. Immutable; thread-safe.
public enum DisputeEventFields {
    /// Descriptions by wire name.
    public static let shared: [String: String] = [
        "account": "The seller's connected account; the disputed charge is a direct charge on it.",
        "amount": "Disputed amount, in the smallest currency unit.",
        "currency": "Three-letter currency code, lowercase.",
        "dispute": "The dispute (`dp_…`).",
        "occurred_at": "When it happened (the Stripe event's `created`).",
        "order_reference": "The platform's order id of the disputed payment.",
        "payment_intent": "The PaymentIntent (`pi_…`), when there is one.",
        "platform_liable":
            "True when the platform carries the account's losses (`controller.losses.payments` is `application`), false when Stripe collects them from the seller (`stripe`); absent when the service does not know the account's controller.",
        "reason":
            "Stripe's category of the dispute: `fraudulent`, `product_not_received`, `general`, … (https://docs.stripe.com/disputes/categories).",
        "status": "The dispute's status.",
    ]

    /// The shared descriptions of `names`, with `extra` (an event's own fields) added.
    public static func descriptions(_ names: [String], adding extra: [String: String] = [:]) -> [String: String] {
        var out = extra
        for name in names { out[name] = shared[name] }
        return out
    }
}
