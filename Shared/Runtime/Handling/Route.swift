public import Bus
import Messages

/// One queue a service consumes and how its messages are handled.
///
/// A route owns its queue's topology (the queue, its retry delay queues and its
/// `.dlq`, and the bindings), its processing ``Mode`` and a table of handlers by message
/// `type`. A message whose type has no handler is poison input and is dead-lettered.
/// Build routes with ``command(_:mode:middleware:_:)`` and ``events(queue:mode:middleware:_:)``.
///
/// Thread-safety: `Sendable`; handlers run concurrently on several worker threads.
public struct Route: Sendable {
    /// How the worker processes deliveries of this route.
    public enum Mode: Sendable, Equatable {
        /// Up to `PREFETCH` messages share one transaction (a savepoint each), one confirm
        /// wait and one ack (DESIGN §10). For handlers that only touch the database.
        case batched
        /// One message per transaction, prefetch 1, gated by the process's Stripe rate
        /// limit; the handler calls Stripe before opening its transaction with
        /// ``HandlerContext/transaction(_:)``.
        case stripeBound
    }

    /// The queue consumed, e.g. `payments.create_checkout_session` or `payments.events`.
    public let queue: String
    /// Batched or Stripe-bound.
    public let mode: Mode
    /// Routing-key patterns bound to the queue (commands: the command name; events: the
    /// event names or wildcards).
    public let patterns: [String]
    /// The exchange the patterns bind on (`connectbus.commands` or `connectbus.events`).
    public let exchange: String
    let handlers: [String: MessageHandler]
    let patternHandlers: [(pattern: String, handler: MessageHandler)]

    /// The command a command queue holds (each command has its own queue, named like it),
    /// or nil for an event queue.
    public var commandName: String? {
        exchange == Exchanges.commands && patterns == [queue] && handlers[queue] != nil ? queue : nil
    }

    /// `delivery` with its message type taken from the queue when the AMQP `type` property
    /// is missing (empty) and the queue is a command queue: the queue holds that one command,
    /// so the type cannot be anything else (DESIGN §4). The filled-in type is what the
    /// handler, the reply (`<command>.reply`) and any retry or DLQ copy carry. Deliveries
    /// with a type, and deliveries on event queues, are returned unchanged (an event queue
    /// answers a missing type with `validation.missing_type`).
    public func resolvingType(_ delivery: Delivery) -> Delivery {
        guard delivery.envelope.type.isEmpty, let commandName else { return delivery }
        var resolved = delivery
        resolved.envelope.type = commandName
        return resolved
    }

    /// The handler for a delivery's message type (exact type first, then patterns in order).
    func handler(forType type: String) -> MessageHandler? {
        if let exact = handlers[type] { return exact }
        return patternHandlers.first { TopicPattern.matches($0.pattern, type) }?.handler
    }

    /// The queue, its delay queues and DLQ, and its bindings, with the given delays.
    public func topology(retryDelays: [Duration]) -> Topology {
        if exchange == Exchanges.commands, patterns == [queue] {
            return Topology.commandQueue(queue, retryDelays: retryDelays)
        }
        return Topology.eventQueue(queue, patterns: patterns, retryDelays: retryDelays)
    }
}
