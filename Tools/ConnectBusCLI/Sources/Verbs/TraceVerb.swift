import Foundation
import Store

/// `connectbus trace <message id | order reference | Stripe id> [--no-history] [--idle S]`:
/// what one command did across the suite, in time order (see ``TraceGatherer``).
public enum TraceVerb: Verb {
    /// `trace`.
    public static let name = "trace"
    /// One line for the verb list.
    public static let summary = "what one command, order or Stripe object did across the services, in time order"
    /// Options that take a value.
    public static let options: Set<String> = ["idle"]
    /// Options without value.
    public static let flags: Set<String> = ["no-history"]
    /// The help text.
    public static let help = """
        usage: connectbus trace <message id | order reference | Stripe id> [--no-history] [--idle SECONDS]

        Prints, in time order (UTC, ms), one line per thing found for the id: the command
        (each service's inbox and message log: received, handled, outcome), the Stripe calls
        it made (method, path, status, Stripe's request id, idempotency key, account,
        retries, duration), its reply, the records it wrote (orders, payments, refunds,
        accounts), the events it caused (by x-causation-id, from the event history stream
        connectbus.events.history, then what those caused), the webhooks that came back
        (stored Stripe events whose request.id is one of the calls', or about an object of
        the trace) and the e-mails sent. Ids found on the way are followed: an order's
        command, a PaymentIntent's webhooks, an event's e-mail.

          ID              a message id (a command's or an event's), an order reference,
                          a Stripe id (cs_…, pi_…, ch_…, re_…, evt_…, req_…, acct_…)
          --no-history    do not read the history stream (Postgres only: no events)
          --idle SECONDS  stop reading the stream after this long without a message (default 2)

        Needs only the admin credentials: DATABASE_URL as the admin role, AMQP_URL for the
        stream (the monitor user suffices). Exit 1 when nothing is found.
        Example: connectbus trace order-1042
        """

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        guard arguments.positionals.count == 1, let id = arguments.positionals.first, !id.isEmpty else {
            throw CLIError.usage("give one id: a message id, an order reference or a Stripe id", verb: name)
        }
        let idle = try arguments.number("idle", verb: name, in: 0.1...600) ?? 2
        let db: PGConnection
        do {
            db = try PGConnection(url: environment.databaseURL, applicationName: "connectbus-trace")
        } catch {
            throw CLIError("cannot connect to Postgres: \(error.message)", hint: "start it with `make up` or set DATABASE_URL")
        }
        let entries = try TraceGatherer(db: db, environment: environment)
            .gather(id, history: !arguments.has("no-history"), idle: .milliseconds(Int(idle * 1000)))
        guard !entries.isEmpty else {
            Output.error("trace: nothing found for \(id)")
            return 1
        }
        for entry in entries { Output.line(entry.line) }
        return 0
    }
}
