/// The Stripe event types the suite's services consume, as notifications re-publishes them
/// on `connectbus.events` under `stripe.<type>` (https://docs.stripe.com/api/events/types).
///
/// It is the union of the services' queue bindings (onboarding's `AccountEventType`,
/// payments' `PaymentEventType`, the terminal gateway's `TerminalEventType`); a test
/// checks the two stay equal. `connectbus stripe setup` subscribes both webhook endpoints
/// to exactly these types. Thread-safe (immutable).
public enum ConsumedStripeEvents {
    /// Stripe `type`s, sorted.
    public static let types: [String] = [
        "account.application.deauthorized", "account.external_account.created", "account.external_account.deleted",
        "account.external_account.updated", "account.updated", "application_fee.refunded", "balance.available", "capability.updated",
        "charge.dispute.closed",
        "charge.dispute.created", "charge.dispute.funds_reinstated", "charge.dispute.funds_withdrawn", "charge.dispute.updated",
        "charge.refunded",
        "checkout.session.async_payment_failed", "checkout.session.async_payment_succeeded", "checkout.session.completed",
        "checkout.session.expired", "payment_intent.amount_capturable_updated", "payment_intent.canceled",
        "payment_intent.payment_failed", "payment_intent.processing", "payment_intent.succeeded", "payout.canceled", "payout.created",
        "payout.failed", "payout.paid", "person.created",
        "person.deleted", "person.updated", "setup_intent.succeeded", "terminal.reader.action_failed",
        "terminal.reader.action_succeeded",
    ]

    /// The routing keys (`stripe.<type>`) the services bind, sorted.
    public static var routingKeys: [String] { types.map { "stripe." + $0 } }
}
