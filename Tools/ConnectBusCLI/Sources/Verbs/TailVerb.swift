import Bus
import Foundation
import Messages

/// `connectbus tail [PATTERN…] [--queue NAME | --from WHERE] [--json] [--read-time] [--limit N] [--for S]`:
/// a monitoring consumer on `connectbus.events` (see ``EventFollower``); one line per event,
/// with the event's own time (``EventLine``).
public enum TailVerb: Verb {
    /// `tail`.
    public static let name = "tail"
    /// One line for the verb list.
    public static let summary = "print events from connectbus.events as they happen"
    /// Options that take a value.
    public static let options: Set<String> = ["limit", "for", "queue", "from"]
    /// Options without value.
    public static let flags: Set<String> = ["json", "read-time"]
    /// The help text.
    public static let help = """
        usage: connectbus tail [PATTERN…] [--queue NAME | --from first|OFFSET|TIME] [--json] [--read-time] [--limit N] [--for SECONDS]

        Binds a queue to connectbus.events with each topic PATTERN (default #: everything)
        and prints one line per event: the event's time (UTC, HH:MM:SS: its AMQP timestamp,
        when it was published, also for events read back with --from), routing key,
        connected account, then key fields such as amount, currency, order_reference and
        status. A message published without a timestamp shows when it was read instead:
        HH:MM:SS.mmm(read). Verified Stripe webhooks
        appear as stripe.<event type>. It declares only its queue and bindings, so it runs as
        the monitor broker user (AMQP_URL=amqp://monitor:monitor@127.0.0.1:5672/ locally).

          PATTERN          topic patterns, e.g. payments.# stripe.checkout.# (* = one word, # = any)
          --queue NAME     consume the durable queue NAME (monitor.* for the monitor user),
                           created if missing: events published while tail is stopped or
                           disconnected wait in it. The broker deletes it after 24 h without
                           a consumer. Default: an exclusive, server-named queue deleted when
                           tail exits, which sees only events published while it is connected.
          --from WHERE     read the event history stream connectbus.events.history instead
                           (every event kept by age and size, see the broker policy), from
                           `first`, a stream OFFSET (0, 1, …; each message's x-stream-offset
                           header) or an ISO 8601 TIME (2026-12-01T10:00:00Z), then keep
                           following; PATTERNs filter what is printed. Declares nothing;
                           after a loss it resumes after the last offset received.
          --json           one JSON object per event instead: time (the event's, ISO 8601;
                           null without a timestamp), routing_key, type, message_id,
                           stripe_account, headers, body
          --read-time      also show when tail read each event (read=HH:MM:SS.mmm after
                           the event's time; read_time with --json)
          --limit N        stop after N events
          --for SECONDS    stop after this long (default: until interrupted)

        When the connection is lost (the broker restarts, an operator closes it) tail says so
        on stderr, dials again with backoff (0.1 s doubling up to 10 s, one line per failed
        attempt) and carries on; with --queue nothing is lost (an event it had not yet
        acknowledged may be printed twice). Environment: AMQP_URL.
        Example: connectbus tail 'payments.order.*' 'terminal.#' --queue monitor.orders
        """

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        let patterns = arguments.positionals.isEmpty ? ["#"] : arguments.positionals
        let limit = try arguments.integer("limit", verb: name, in: 1...Int.max)
        let duration = try arguments.number("for", verb: name, in: 0.1...1_000_000)
        let queue = try queueName(arguments.value("queue"))
        let history = try arguments.value("from").map { text throws(CLIError) in try HistoryOffset.parse(text) }
        if history != nil, queue != nil {
            throw CLIError.usage("--from reads the history stream; it cannot be combined with --queue", verb: name)
        }
        let json = arguments.has("json")
        let readTime = arguments.has("read-time")
        let follower = EventFollower(
            url: try environment.parsedAMQPURL(), patterns: patterns, queueName: queue, history: history,
            onReady: { queue, reconnected in
                if !reconnected, history != nil {
                    Output.error("tail: reading \(queue) from \(arguments.value("from") ?? "") for \(patterns.joined(separator: " "))")
                } else if !reconnected {
                    Output.error("tail: listening on \(Exchanges.events) for \(patterns.joined(separator: " ")) (queue \(queue))")
                }
            },
            notice: { Output.error($0) },
            emit: { delivery in
                Output.line(
                    json
                        ? EventLine.json(routingKey: delivery.routingKey, envelope: delivery.envelope, readTime: readTime)
                        : EventLine.text(routingKey: delivery.routingKey, envelope: delivery.envelope, readTime: readTime))
            })
        try follower.follow(limit: limit, duration: duration.map { .milliseconds(Int($0 * 1000)) })
        return 0
    }

    /// Checks a `--queue` value: not empty and not `amq.*` (names the broker reserves).
    /// - Throws: ``CLIError`` (usage) for a name the broker would refuse.
    static func queueName(_ value: String?) throws(CLIError) -> String? {
        guard let value else { return nil }
        guard !value.isEmpty, !value.hasPrefix("amq."), value.utf8.count <= 255 else {
            throw CLIError.usage(
                "--queue \(value): give a queue name of your own, e.g. monitor.orders (amq.* is reserved)",
                verb: name)
        }
        return value
    }
}
