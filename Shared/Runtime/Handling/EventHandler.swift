public import Messages

/// The handler of one event type (or routing-key pattern) inside an event route.
///
/// Typed handlers decode the body as `E` (a decoding error is poison: dead-letter).
/// Raw handlers get the envelope itself, for verified Stripe events re-published as
/// `stripe.<event.type>` whose body is Stripe's own JSON. Thread-safety: `Sendable`.
public struct EventHandler: Sendable {
    /// The event name or topic pattern (`stripe.checkout.session.*`) this handler serves.
    public let pattern: String
    let handle: MessageHandler

    /// A handler for the event `E`, bound with routing key `E.messageName`.
    public static func on<E: BusMessage>(
        _: E.Type, _ handle: @escaping @Sendable (E, inout HandlerContext) throws -> HandlerOutcome
    ) -> EventHandler {
        EventHandler(pattern: E.messageName) { envelope, context in
            let event = try envelope.decode(E.self)
            return try handle(event, &context)
        }
    }

    /// A handler for raw envelopes whose type matches `pattern` (AMQP topic syntax).
    public static func raw(
        _ pattern: String, _ handle: @escaping @Sendable (Envelope, inout HandlerContext) throws -> HandlerOutcome
    ) -> EventHandler {
        EventHandler(pattern: pattern, handle: handle)
    }
}
