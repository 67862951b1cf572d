import Bus
import Foundation
import Messages

/// `connectbus dlq list|groups|show|history|export|replay|purge [QUEUE]`: what is parked
/// in the dead-letter queues and why, grouped by failure, and putting it back.
public enum DLQVerb: Verb {
    /// `dlq`.
    public static let name = "dlq"
    /// One line for the verb list.
    public static let summary = "list, group, show, export, replay or purge dead-lettered messages"
    /// Options that take a value.
    public static let options: Set<String> = ["limit", "account", "group", "message", "out", "since"]
    /// Options without value.
    public static let flags: Set<String> = ["yes", "all", "exact", "json"]
    /// The help text.
    public static let help = """
        usage: connectbus dlq list [--all] [--exact] [--account acct_…]
               connectbus dlq groups [QUEUE…] [--since UNIX_SECONDS] [--exact] [--json]
               connectbus dlq show QUEUE [--group G | --message ID] [--limit N]
               connectbus dlq history QUEUE MESSAGE_ID
               connectbus dlq export QUEUE [--group G | --message ID] [--out FILE]
               connectbus dlq replay QUEUE [--group G | --message ID] [--limit N]
               connectbus dlq purge QUEUE --yes [--group G | --message ID] [--limit N]

        Failed messages are parked in <queue>.dlq with headers x-error-code, x-error-message,
        x-original-queue, x-original-routing-key, x-attempt, x-failed-at and x-failures (every
        failed attempt: when, on which queue, code and message).

          groups   the parked messages of every dead-letter queue (or of the QUEUEs named) grouped
                   by failure fingerprint — original queue, error code, message type and the error
                   message with quoted values, e-mail addresses, UUIDs, Stripe and other ids, hex
                   strings and numbers replaced — with counts, first and last seen and the group
                   id G the other actions take; --json: one JSON object per group;
                   --since T: only messages parked (x-failed-at) at or after T, Unix seconds
          history  every attempt of one message, then when it was parked
          export   the messages as JSON lines (message_id, type, headers, failures, body, group) on
                   standard output or into FILE; they stay parked
          --group G    only the messages of failure group G (from `dlq groups`)
          --message ID only the message with that message_id

          list     the dead-letter queues that hold messages (--all: every one) with depths;
                   --exact counts over AMQP now (the management API samples every few seconds);
                   --account counts only that connected account's messages (reads them, leaves them parked)
          show     print the parked messages and why they failed; they stay parked
          replay   move them back to their original queue (confirmed before each is removed);
                   error headers are dropped, x-attempt starts again at 0, message_id is kept
          purge    delete them for good; needs --yes
          QUEUE    a dead-letter queue, e.g. payments.create_product.dlq
          --limit N  handle at most N messages (default: all present when the command starts)

        Exit status of list and groups: 0, or 3 when any dead-letter queue holds messages;
        of replay and purge with --group or --message: 1 when nothing matched.
        Environment: AMQP_URL, CONNECTBUS_MANAGEMENT_URL.
        """

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        guard let action = arguments.positionals.first else {
            throw CLIError.usage("dlq needs an action: list, groups, show, history, export, replay or purge", verb: name)
        }
        let limit = try arguments.integer("limit", verb: name, in: 1...Int(UInt16.max)) ?? Int(UInt16.max)
        if action == "list" {
            return try list(
                all: arguments.has("all"), exact: arguments.has("exact"),
                account: arguments.value("account"), environment: environment)
        }
        if action == "groups" {
            return try groups(
                Array(arguments.positionals.dropFirst()), since: arguments.integer("since", verb: name, in: 0...Int(Int32.max)),
                exact: arguments.has("exact"), json: arguments.has("json"), environment: environment)
        }
        if action == "history" {
            guard arguments.positionals.count == 3 else {
                throw CLIError.usage("dlq history needs QUEUE and MESSAGE_ID", verb: name)
            }
            let queue = try DeadLetterQueue(name: arguments.positionals[1], environment: environment)
            return try history(queue, messageId: arguments.positionals[2])
        }
        guard arguments.positionals.count == 2 else {
            throw CLIError.usage("dlq \(action) needs one QUEUE, e.g. payments.create_product.dlq", verb: name)
        }
        let queue = try DeadLetterQueue(name: arguments.positionals[1], environment: environment)
        let selection = try Selection(arguments, dlq: queue.name)
        switch action {
        case "show":
            let deliveries = try queue.peek(limit: Int(UInt16.max)).filter { selection.matches($0.envelope) }.prefix(limit)
            if deliveries.isEmpty { Output.line("\(queue.name) has no \(selection.isAll ? "" : "such ")message") }
            for (index, delivery) in deliveries.enumerated() {
                Output.line(describe(delivery.envelope, index: index + 1, queue: queue))
            }
            return 0
        case "export":
            return try export(queue, selection: selection, limit: limit, to: arguments.value("out"))
        case "replay" where !selection.isAll:
            let moved = try queue.act(replay: true, limit: limit) { selection.matches($0) }
            Output.line("replayed \(moved) message\(moved == 1 ? "" : "s") \(selection.label) from \(queue.name)")
            return moved == 0 ? 1 : 0
        case "purge" where !selection.isAll:
            guard arguments.has("yes") else {
                throw CLIError(
                    "purge deletes the parked messages for good",
                    hint: "look at them with `connectbus dlq show \(queue.name) \(selection.option)`, then run again with --yes",
                    exitCode: 2)
            }
            let purged = try queue.act(replay: false, limit: limit) { selection.matches($0) }
            Output.line("purged \(purged) message\(purged == 1 ? "" : "s") \(selection.label) from \(queue.name)")
            return purged == 0 ? 1 : 0
        case "replay":
            let moved = try queue.replay(limit: limit) { done, total in
                if total > 100 { Output.progress("replayed \(done)/\(total)") }
            }
            if moved > 100 { Output.error("") }
            Output.line("replayed \(moved) message\(moved == 1 ? "" : "s") from \(queue.name)")
            return 0
        case "purge":
            guard arguments.has("yes") else {
                throw CLIError(
                    "purge deletes the parked messages for good",
                    hint: "look at them with `connectbus dlq show \(queue.name)`, then run again with --yes",
                    exitCode: 2)
            }
            let purged = try queue.purge(limit: limit)
            Output.line("purged \(purged) message\(purged == 1 ? "" : "s") from \(queue.name)")
            return 0
        default:
            throw CLIError.usage("unknown dlq action \(action) (list, groups, show, history, export, replay, purge)", verb: name)
        }
    }

    static func list(all: Bool, exact: Bool, account: String?, environment: CLIEnvironment) throws(CLIError) -> Int32 {
        var (queues, source) =
            exact || account != nil
            ? (try QueueDepths.overAMQP(environment), "AMQP passive declares")
            : try QueueDepths.all(environment)
        if let account {
            queues = try DeadLetterQueue.counting(queues, of: account, environment: environment)
            source += ", account \(account)"
        }
        let parked = queues.filter { $0.name.hasSuffix(".dlq") && (all || $0.messages > 0) }
        let total = queues.filter { $0.name.hasSuffix(".dlq") }.reduce(0) { $0 + $1.messages }
        for queue in parked {
            Output.line("\(queue.name.padding(toLength: max(48, queue.name.count + 1), withPad: " ", startingAt: 0))\(queue.messages)")
        }
        Output.line("dead letters: \(total) (\(source))")
        return total == 0 ? 0 : 3
    }

    /// `x-failed-at` (Unix seconds) as an ISO 8601 time; other text as is.
    static func failedAt(_ value: String?) -> String {
        guard let value else { return "?" }
        guard let seconds = Double(value) else { return value }
        return ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds))
    }

    /// A parked message in a few lines: ids, type, why it failed, and its body.
    static func describe(_ envelope: Envelope, index: Int, queue: DeadLetterQueue) -> String {
        let h = envelope.headers.extra
        var lines = ["#\(index) \(envelope.type)  message_id=\(envelope.messageId)  attempt=\(envelope.headers.attempt)"]
        lines.append("   error:    \(h[MessageHeaders.Key.errorCode] ?? "?"): \(h[MessageHeaders.Key.errorMessage] ?? "")")
        lines.append("   from:     \(queue.originalQueue(of: envelope)) (routing key \(h[MessageHeaders.Key.originalRoutingKey] ?? "?"))")
        lines.append("   failed:   \(failedAt(h[MessageHeaders.Key.failedAt]))")
        if let account = envelope.headers.stripeAccount { lines.append("   account:  \(account)") }
        var body = String(decoding: envelope.body, as: UTF8.self)
        if body.count > 400 { body = String(body.prefix(400)) + "…" }
        lines.append("   body:     \(body)")
        return lines.joined(separator: "\n")
    }
}
