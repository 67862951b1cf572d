public import Bus
public import Messages

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
        /// One message per transaction, prefetch `STRIPE_BOUND_PREFETCH` (default 1): for
        /// handlers with side effects outside the database (Stripe calls, SMTP), which run
        /// before the handler opens the message's transaction with
        /// ``HandlerContext/transaction(_:)``. `rateLimited`: a token of the process's
        /// Stripe rate limiter (`STRIPE_RATE_LIMIT`) is taken before the handler — for
        /// routes that call Stripe, not for those (e-mail) that do not.
        case oneAtATime(rateLimited: Bool)

        /// Whether a Stripe rate-limit token is taken before each handler.
        public var isRateLimited: Bool {
            if case .oneAtATime(rateLimited: true) = self { true } else { false }
        }
    }

    /// The queue consumed, e.g. `payments.create_checkout_session` or `payments.events`.
    public let queue: String
    /// Batched or one at a time.
    public let mode: Mode
    /// Routing-key patterns bound to the queue (commands: the command name; events: the
    /// event names or wildcards).
    public let patterns: [String]
    /// The exchange the patterns bind on (`connectbus.commands` or `connectbus.events`).
    public let exchange: String
    /// Priority of the route's Stripe requests in the fleet's rate limit (default
    /// `interactive`; sweeps and reconciliation use ``stripePriority(_:)`` for `background`).
    public private(set) var stripePriority: StripeCallPriority = .interactive
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

    /// This route with its Stripe requests at `priority` in the fleet's rate limit.
    public func stripePriority(_ priority: StripeCallPriority) -> Route {
        var copy = self
        copy.stripePriority = priority
        return copy
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

extension Route {
    /// A route for the command `C` on its own queue (`C.queueName`), bound to
    /// `connectbus.commands` with routing key `C.messageName`.
    ///
    /// A command whose `x-schema-version` is newer than `C.schemaVersion` is retried, then
    /// parked, never decoded (``SchemaVersionGate``). The runtime decodes the body strictly (``Envelope/decodeCommand(_:)``: an unknown
    /// field, like any ``MessageDecodingError``, is poison: dead-letter and an error reply),
    /// runs ``Validatable/validate()`` when `C` adopts it (a failure is poison too), calls `handle` and writes the returned reply to the outbox for the
    /// command's `reply_to` (if any) in the same transaction as the handler's work. To retry
    /// later, throw a transient error or ``HandlerError/retry(code:message:)``.
    ///
    /// - Parameters:
    ///   - mode: `.batched` for database-only handlers, `.oneAtATime(rateLimited: true)` for
    ///     handlers that call Stripe (see ``HandlerContext/transaction(_:)``),
    ///     `.oneAtATime(rateLimited: false)` for other side effects.
    ///   - middleware: wrappers applied around the handler, outermost first.
    ///   - handle: runs on a worker thread; must be safe to call concurrently.
    public static func command<C: CommandMessage>(
        _: C.Type, mode: Mode, middleware: [Middleware] = [],
        _ handle: @escaping @Sendable (C, inout HandlerContext) throws -> Reply<C.Result>
    ) -> Route {
        let decodeAndHandle: MessageHandler = { envelope, context in
            try SchemaVersionGate.admit(envelope, command: C.messageName, knownVersion: C.schemaVersion)
            let command = try envelope.decodeCommand(C.self)
            let reply = try handle(command, &context)
            try context.reply(reply)
            return .done
        }
        return Route(
            queue: C.queueName, mode: mode, patterns: [C.messageName], exchange: Exchanges.commands,
            handlers: [C.messageName: Middleware.chain(middleware, decodeAndHandle)],
            patternHandlers: [])
    }

    /// A route for a service's event queue (e.g. `payments.events`), bound on
    /// `connectbus.events` to every handler's pattern.
    ///
    /// - Parameters:
    ///   - queue: the queue name, `<service>.events` by convention.
    ///   - mode: `.batched` or `.oneAtATime(rateLimited:)`.
    ///   - middleware: wrappers applied around every handler, outermost first.
    ///   - handlers: one per event type or routing-key pattern (see ``EventHandler``).
    public static func events(
        queue: String, mode: Mode, middleware: [Middleware] = [],
        _ handlers: [EventHandler]
    ) -> Route {
        var exact: [String: MessageHandler] = [:]
        var patterns: [(pattern: String, handler: MessageHandler)] = []
        for handler in handlers {
            let wrapped = Middleware.chain(middleware, handler.handle)
            if handler.pattern.contains("*") || handler.pattern.contains("#") {
                patterns.append((handler.pattern, wrapped))
            } else {
                exact[handler.pattern] = wrapped
            }
        }
        return Route(
            queue: queue, mode: mode, patterns: handlers.map(\.pattern), exchange: Exchanges.events,
            handlers: exact, patternHandlers: patterns)
    }
}

extension Route {
    /// A route with handlers given directly as ``MessageHandler``s by message type, for
    /// tools, tests and messages without a Swift type.
    ///
    /// - Parameters:
    ///   - queue: queue name.
    ///   - exchange: exchange the patterns bind on (`connectbus.commands` binds a command
    ///     queue, anything else an event queue).
    ///   - patterns: routing-key patterns bound to the queue.
    ///   - handlers: handler per message `type` (exact names; `*`/`#` patterns allowed).
    public static func raw(
        queue: String, mode: Mode, exchange: String, patterns: [String],
        handlers: [String: MessageHandler]
    ) -> Route {
        var exact: [String: MessageHandler] = [:]
        var wildcard: [(pattern: String, handler: MessageHandler)] = []
        for (type, handler) in handlers.sorted(by: { $0.key < $1.key }) {
            if type.contains("*") || type.contains("#") { wildcard.append((type, handler)) } else { exact[type] = handler }
        }
        return Route(
            queue: queue, mode: mode, patterns: patterns, exchange: exchange,
            handlers: exact, patternHandlers: wildcard)
    }
}

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
