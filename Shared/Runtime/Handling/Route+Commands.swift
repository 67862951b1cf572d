import Bus
public import Messages

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
