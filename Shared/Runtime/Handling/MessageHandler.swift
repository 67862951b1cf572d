public import Messages

/// The runtime's view of a handler: the raw envelope and the context in, an outcome out.
///
/// Called on a worker thread with the message's savepoint (batched) or before its
/// transaction (Stripe-bound). Throwing is classified by ``FailureClassifier``.
public typealias MessageHandler = @Sendable (Envelope, inout HandlerContext) throws -> HandlerOutcome

/// Cross-cutting behaviour wrapped around a ``MessageHandler`` (timeouts, extra logging,
/// tracing). A route applies its middleware list in order: the first element is the
/// outermost wrapper. Inbox dedupe, retry and dead-lettering are done by the worker around
/// the whole chain, so every middleware sees each message at most once per attempt.
public struct Middleware: Sendable {
    /// Wraps the next handler.
    public let wrap: @Sendable (@escaping MessageHandler) -> MessageHandler

    /// Creates a middleware from a wrapping function.
    public init(_ wrap: @escaping @Sendable (@escaping MessageHandler) -> MessageHandler) { self.wrap = wrap }

    /// Applies `middleware` to `handler`; `middleware[0]` ends up outermost.
    static func chain(_ middleware: [Middleware], _ handler: @escaping MessageHandler) -> MessageHandler {
        middleware.reversed().reduce(handler) { next, layer in layer.wrap(next) }
    }

    /// Logs each message's outcome at debug level with its ids (the worker logs failures at
    /// warning level either way).
    public static let debugLogging = Middleware { next in
        { envelope, context in
            let outcome = try next(envelope, &context)
            context.log.debug("handled", ["type": envelope.type, "outcome": "\(outcome)"])
            return outcome
        }
    }
}
