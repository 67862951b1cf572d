import Bus
import Foundation
import Messages

/// `connectbus tail [PATTERN…] [--json] [--limit N] [--for S]`: a monitoring consumer on an
/// exclusive, server-named queue bound to `connectbus.events`; one line per event.
public enum TailVerb: Verb {
    /// `tail`.
    public static let name = "tail"
    /// One line for the verb list.
    public static let summary = "print events from connectbus.events as they happen"
    /// Options that take a value.
    public static let options: Set<String> = ["limit", "for"]
    /// Options without value.
    public static let flags: Set<String> = ["json"]
    /// The help text.
    public static let help = """
    usage: connectbus tail [PATTERN…] [--json] [--limit N] [--for SECONDS]

    Binds an exclusive, server-named queue (deleted when tail exits) to connectbus.events
    with each topic PATTERN (default #: everything) and prints one line per event:
    time (UTC), routing key, connected account, then key fields such as amount, currency,
    order_reference and status. Verified Stripe webhooks appear as stripe.<event type>.

      PATTERN          topic patterns, e.g. payments.# stripe.checkout.# (* = one word, # = any)
      --json           one JSON object per event instead: time, routing_key, type,
                       message_id, stripe_account, headers, body
      --limit N        stop after N events
      --for SECONDS    stop after this long (default: until interrupted)

    Only events published after tail started are seen. Environment: AMQP_URL.
    Example: connectbus tail 'payments.order.*' 'terminal.#'
    """

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        let patterns = arguments.positionals.isEmpty ? ["#"] : arguments.positionals
        let limit = try arguments.integer("limit", verb: name, in: 1...Int.max)
        let duration = try arguments.number("for", verb: name, in: 0.1...1_000_000)
        let json = arguments.has("json")
        try follow(patterns: patterns, limit: limit, duration: duration.map { .milliseconds(Int($0 * 1000)) },
                   environment: environment,
                   onReady: { queue in
                       Output.error("tail: listening on \(Exchanges.events) for \(patterns.joined(separator: " ")) (queue \(queue))")
                   },
                   emit: { delivery in
                       Output.line(json ? EventLine.json(routingKey: delivery.routingKey, envelope: delivery.envelope)
                                        : EventLine.text(routingKey: delivery.routingKey, envelope: delivery.envelope))
                   })
        return 0
    }

    /// Consumes events matching `patterns` from an exclusive, server-named queue and hands
    /// each to `emit` (then acks it), until `limit` events or `duration` have passed.
    /// Blocks the calling thread (never call it on Swift's cooperative pool).
    /// - Parameter onReady: called with the queue name once it is bound.
    /// - Returns: how many events were emitted.
    /// - Throws: ``CLIError`` when the queue cannot be set up, ``BusError`` when the
    ///   connection fails while consuming.
    @discardableResult
    public static func follow(patterns: [String], limit: Int?, duration: Duration?, environment: CLIEnvironment,
                              onReady: (String) -> Void, emit: (Delivery) -> Void) throws -> Int {
        let connection = try environment.connect("tail")
        defer { connection.close() }
        let queue: String
        do {
            queue = try connection.declareQueue(QueueSpec(name: "", durable: false, exclusive: true, autoDelete: true))
            try connection.declare(Topology(
                exchanges: Topology.exchanges.exchanges,
                bindings: patterns.map { BindingSpec(queue: queue, exchange: Exchanges.events, pattern: $0) }))
            try connection.startConsuming(queue: queue, prefetch: 200)
        } catch {
            throw CLIError("cannot set up the monitor queue: \(error)", hint: "check the broker with `connectbus status`")
        }
        onReady(queue)
        let deadline = duration.map { ContinuousClock.now + $0 }
        var seen = 0
        while limit.map({ seen < $0 }) ?? true {
            var wait = Duration.seconds(1)
            if let deadline {
                let remaining = deadline - .now
                if remaining <= .zero { break }
                wait = min(wait, remaining)
            }
            guard let delivery = try connection.nextDelivery(timeout: wait) else { continue }
            emit(delivery)
            try connection.ack(delivery.deliveryTag, multiple: false)
            seen += 1
        }
        return seen
    }
}
