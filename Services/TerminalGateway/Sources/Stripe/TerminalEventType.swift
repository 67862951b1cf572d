/// The Stripe event types the gateway consumes: the one list its queue bindings
/// (``TerminalGatewayService/stripeEvents``), ``TerminalStripeEvent/parse(_:fallbackAccount:now:)``
/// and ``TerminalEventHandler``'s dispatch derive from. Raw values are Stripe's `type`
/// (https://docs.stripe.com/api/events/types).
enum TerminalEventType: String, CaseIterable, Sendable {
    /// `terminal.reader.action_succeeded`.
    case readerActionSucceeded = "terminal.reader.action_succeeded"
    /// `terminal.reader.action_failed`.
    case readerActionFailed = "terminal.reader.action_failed"
    /// `payment_intent.amount_capturable_updated`.
    case paymentIntentAmountCapturableUpdated = "payment_intent.amount_capturable_updated"
    /// `payment_intent.succeeded`.
    case paymentIntentSucceeded = "payment_intent.succeeded"
    /// `payment_intent.canceled`.
    case paymentIntentCanceled = "payment_intent.canceled"
    /// `payment_intent.payment_failed`.
    case paymentIntentPaymentFailed = "payment_intent.payment_failed"

    /// The kind of object in the event's `data.object`.
    enum Object: Sendable {
        /// A Terminal Reader (its `action` names the PaymentIntent).
        case reader
        /// A PaymentIntent.
        case paymentIntent
    }

    /// What `data.object` holds for this type.
    var object: Object {
        switch self {
        case .readerActionSucceeded, .readerActionFailed: .reader
        case .paymentIntentAmountCapturableUpdated, .paymentIntentSucceeded, .paymentIntentCanceled,
            .paymentIntentPaymentFailed:
            .paymentIntent
        }
    }

    /// The routing key notifications re-publishes the event under: `stripe.<type>`.
    var routingKey: String { "stripe.\(rawValue)" }
}
