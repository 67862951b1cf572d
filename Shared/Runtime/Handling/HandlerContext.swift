import Bus
public import Messages
public import Store

/// What a handler gets besides its message: the envelope, the database, a logger with
/// the message's ids, the worker's own resources, and the outbox.
///
/// Batched routes: the handler runs inside the batch transaction, in a savepoint of its own
/// opened on its first use of ``db`` (so a failing message is undone alone); ``db`` may be
/// used directly and ``transaction(_:)`` just runs its body. Handlers of batched routes must
/// only touch the database (no Stripe calls, no other side effects).
/// One-at-a-time routes: the handler runs before any transaction, so it can call Stripe
/// (``WorkerResources/stripe()``) without holding one open; it then calls
/// ``transaction(_:)`` once to write its state. That transaction (with the message's inbox
/// row, events and reply) is committed by the runtime after the handler returns, so do not
/// call Stripe after opening it. ``publish(_:stripeAccount:)`` and ``reply(_:)`` open it
/// when needed.
///
/// Thread-safety: not `Sendable`; valid only during the handler call, on its worker thread.
public struct HandlerContext {
    /// The message being handled (its `x-attempt` tells how often it was retried).
    public let envelope: Envelope
    /// The queue it was consumed from.
    public let queue: String
    /// Whether the broker redelivered it (it may have been handled before; the inbox
    /// already filtered exact duplicates).
    public let redelivered: Bool
    /// A logger whose lines carry `message_id`, `correlation_id`, `stripe_account`, `queue`.
    public var log: Logger
    /// The worker's resources (Stripe client, rate limiter, per-worker caches).
    public let worker: WorkerResources
    let scope: MessageScope

    init(
        envelope: Envelope, queue: String, redelivered: Bool, log: Logger, worker: WorkerResources,
        scope: MessageScope
    ) {
        self.envelope = envelope
        self.queue = queue
        self.redelivered = redelivered
        self.log = log
        self.worker = worker
        self.scope = scope
    }

    /// The worker's database connection. In batched routes it is inside the message's
    /// savepoint; in One-at-a-time routes it is outside any transaction until
    /// ``transaction(_:)`` is called (statements then autocommit).
    public var db: PGConnection { scope.database }

    /// The service's schema (tables are `<schema>.<table>`).
    public var schema: String { scope.schema }

    /// Runs `body` inside the message's transaction, opening it (with the message's inbox
    /// row) on first use in One-at-a-time routes.
    /// - Throws: what `body` throws, or `StoreError` from opening the transaction.
    public func transaction<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try scope.openTransaction()
        return try body(scope.database)
    }

    /// Writes the event `event` to the outbox (exchange `connectbus.events`, routing key
    /// `E.messageName`), caused by this message and with its correlation id and trace
    /// context (`traceparent`); published after the transaction commits.
    /// - Throws: `EncodingError`, `StoreError`.
    public func publish<E: EventMessage>(_ event: E, stripeAccount: String? = nil) throws {
        var envelope = try Envelope.make(
            event, appId: scope.appId, correlationId: correlationId,
            causationId: self.envelope.messageId,
            stripeAccount: stripeAccount ?? self.envelope.headers.stripeAccount)
        envelope.headers.traceparent = outgoingTraceparent
        try enqueue(envelope, exchange: Exchanges.events, routingKey: E.messageName, mandatory: false)
    }

    /// Writes the command `command` to the outbox (exchange `connectbus.commands`, routing key
    /// `C.messageName`, `mandatory`: an unroutable command is an error).
    /// - Throws: `EncodingError`, `StoreError`.
    public func send<C: CommandMessage>(_ command: C, stripeAccount: String? = nil) throws {
        var envelope = try Envelope.make(
            command, appId: scope.appId, correlationId: correlationId,
            causationId: self.envelope.messageId,
            stripeAccount: stripeAccount ?? self.envelope.headers.stripeAccount)
        envelope.headers.traceparent = outgoingTraceparent
        try enqueue(envelope, exchange: Exchanges.commands, routingKey: C.messageName, mandatory: true)
    }

    /// Writes the reply to this command to the outbox, addressed to its `reply_to` queue
    /// through the default exchange. Does nothing when the command has no `reply_to`. The
    /// reply is also kept in the command's inbox row, sent again (`x-replayed: true`) to a
    /// retry of the same `message_id` (DESIGN §4 "Retried commands").
    /// - Throws: `EncodingError`, `StoreError`.
    public func reply<R: Encodable>(_ reply: Reply<R>) throws {
        guard let replyTo = envelope.replyTo, !replyTo.isEmpty else { return }
        var message = try Envelope.reply(reply, to: envelope, appId: scope.appId)
        message.headers.traceparent = outgoingTraceparent
        try enqueue(message, exchange: Exchanges.default, routingKey: replyTo, mandatory: false)
        scope.reply = message
    }

    /// Writes any envelope to the outbox (e.g. a verified Stripe event re-published as
    /// `stripe.<type>`). Published after the transaction commits, in write order.
    /// - Throws: `StoreError`.
    public func enqueue(_ envelope: Envelope, exchange: String, routingKey: String, mandatory: Bool) throws {
        try scope.openTransaction()
        try scope.enqueue(envelope, exchange: exchange, routingKey: routingKey, mandatory: mandatory)
    }

    private var correlationId: String { envelope.correlationId ?? envelope.messageId }

    /// The `traceparent` of what this message causes: its consumer span's context while
    /// tracing, else the incoming one unchanged (so a trace crosses services that do not trace).
    var outgoingTraceparent: String? { worker.traceSlot.context?.traceparent ?? envelope.headers.traceparent }
}
