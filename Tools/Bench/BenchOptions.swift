import Foundation

/// Settings of a benchmark session: servers from the environment (`AMQP_URL`,
/// `DATABASE_URL`; default: the local development servers), the rest from the command line
/// (see ``usage``). `BENCH_MESSAGES`, `BENCH_PAYLOAD_BYTES` and `BENCH_RUNS` (indexes of the
/// preset configurations, e.g. `1,2`) are still read as defaults.
struct BenchOptions {
    /// How the bench route's handler runs (the runtime's route modes).
    enum Mode: String {
        /// Up to the batch size of deliveries share one transaction (DESIGN §10).
        case batched
        /// One message per transaction, as every Stripe-calling route runs
        /// (`.oneAtATime(rateLimited: true)`; the option keeps its name).
        case stripeBound = "stripe-bound"
    }

    /// One configuration to measure.
    struct Configuration {
        let label: String
        let mode: Mode
        let workers: Int
        let prefetch: Int
        /// Deliveries per transaction (batched mode; 1 in Stripe-bound mode).
        let batchSize: Int
    }

    static let usage = """
        usage: connectbus-bench [options]                 throughput of consume → transaction → confirmed publish → ack
               connectbus-bench backlog [--rows N]         outbox relay drain rate after an outage (default 100000 rows)
               connectbus-bench command-overhead --sim URL [--commands N] [--in-flight N] [--service-metrics URL]
                                                           publish → reply of a Stripe-bound command against a
                                                           running onboarding + stripe-sim, the sim's own time
                                                           taken out, and the broker's own publish → deliver on a
                                                           quorum and a classic queue (scripts/bench-command-overhead.sh)
               connectbus-bench webhooks-prepare|webhooks-verify …   (scripts/bench-webhooks.sh)
               connectbus-bench tracing-cost               the runtime's per-message tracing code and the OTLP/JSON
                                                           encoding per span, no server (docs/OPERATIONS.md)

        The bench route's no-op handler writes one event per message to --exchange (a topic
        exchange); every event is routed to --subscribers durable quorum queues bound to it, and the
        run checks from the broker that each of them received every event. By default the exchange
        is the bench's own (bench.events), so the subscribers are the only queues it reaches, as
        with the peers; --exchange connectbus.events measures the deployment's exchange, whose
        event history stream (connectbus.events.history, bound to #) stores every event too. Without --mode/--workers/--prefetch/
        --batch-size the three preset runs are measured (one at a time at 4 workers; 50 per
        transaction with prefetch 100, as the C peer runs, at 2 and 4 workers). Rates are timed from
        the first processed message to the last; over the same span the CPU of the local broker
        (beam.smp), of every postgres process and of this process is printed in microseconds per
        message ("?" for a server not on this machine).

        options:
          --mode batched|stripe-bound   route mode (default batched)
          --workers N                   worker threads (default 4)
          --prefetch N                  AMQP prefetch per worker (default 50; 1 for stripe-bound)
          --batch-size N                deliveries per transaction, batched mode (default: the prefetch)
          --messages N                  messages per run (default 20000, BENCH_MESSAGES)
          --payload-bytes N             command body size (default 200, BENCH_PAYLOAD_BYTES)
          --subscribers N               quorum queues bound to the events (default 1; 0 = none, events dropped)
          --exchange NAME               topic exchange the events go to (default bench.events, declared by the bench)
          --repeat N                    measure each configuration N times (default 1)
          --sim URL                     command-overhead: stripe-sim's base URL (its /sim/requests log)
          --commands N                  command-overhead: commands to time (default 1000)
          --in-flight N                 command-overhead: commands outstanding at once (default 1)
          --service-metrics URL         command-overhead: the service's /metrics, read before and after
                                        the timed commands to split the overhead's mean by where it goes
          --help                        this text

        environment: AMQP_URL, DATABASE_URL (default: the local development servers)
        """

    /// The bench's own topic exchange: only the run's subscriber queues are bound to it.
    static let defaultExchange = "bench.events"

    let amqpURL: String
    let databaseURL: String
    var messages: Int
    var payloadBytes: Int
    var subscribers = 1
    /// The topic exchange the bench's events go to (``defaultExchange``, or e.g. `connectbus.events`).
    var exchange = BenchOptions.defaultExchange
    var repeats = 1
    /// `backlog` subcommand: rows to pile up.
    var backlogRows = 100_000
    /// `command-overhead`: stripe-sim's base URL, commands to time, commands outstanding.
    var simURL: String?
    /// `command-overhead`: the service's `/metrics` URL (its handler and Stripe histograms).
    var serviceMetricsURL: String?
    var commands = 1000
    var inFlight = 1
    var subcommand: String?
    /// Explicit configuration from the command line, or `nil` for the presets.
    var explicit: Configuration?
    /// Indexes of the presets to execute (`BENCH_RUNS=1,2`; default all).
    let selected: Set<Int>?

    /// Parses `arguments` (without the program name). Throws a message for bad input.
    init(_ env: [String: String], arguments: [String]) throws {
        amqpURL = env["AMQP_URL"] ?? "amqp://connectbus:connectbus@127.0.0.1:5672/"
        databaseURL = env["DATABASE_URL"] ?? "postgres://connectbus_admin:connectbus_admin@127.0.0.1:5432/connectbus"
        messages = env["BENCH_MESSAGES"].flatMap { Int($0) } ?? 20_000
        payloadBytes = env["BENCH_PAYLOAD_BYTES"].flatMap { Int($0) } ?? 200
        selected = env["BENCH_RUNS"].map { Set($0.split(separator: ",").compactMap { Int($0) }) }
        var mode: Mode?, workers: Int?, prefetch: Int?, batchSize: Int?
        var rest = arguments[...]
        if let first = rest.first, !first.hasPrefix("-") {
            subcommand = first
            rest = first.hasPrefix("webhooks-") ? [] : rest.dropFirst()  // WebhookIngressBenchmark parses its own.
        }
        func number(_ flag: String, _ value: String?, min: Int = 1) throws -> Int {
            guard let value, let n = Int(value), n >= min else { throw BenchError("\(flag) needs an integer ≥ \(min)") }
            return n
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--help", "-h": throw BenchError.help
            case "--mode":
                guard let value = rest.popFirst(), let m = Mode(rawValue: value) else {
                    throw BenchError("--mode needs batched or stripe-bound")
                }
                mode = m
            case "--workers": workers = try number(flag, rest.popFirst())
            case "--prefetch": prefetch = try number(flag, rest.popFirst())
            case "--batch-size": batchSize = try number(flag, rest.popFirst())
            case "--messages": messages = try number(flag, rest.popFirst())
            case "--payload-bytes": payloadBytes = try number(flag, rest.popFirst(), min: 16)
            case "--subscribers": subscribers = try number(flag, rest.popFirst(), min: 0)
            case "--exchange":
                guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else {
                    throw BenchError("--exchange needs an exchange name")
                }
                exchange = value
            case "--repeat": repeats = try number(flag, rest.popFirst())
            case "--rows": backlogRows = try number(flag, rest.popFirst())
            case "--sim":
                guard let value = rest.popFirst() else { throw BenchError("--sim needs a URL") }
                simURL = value.hasSuffix("/") ? String(value.dropLast()) : value
            case "--service-metrics":
                guard let value = rest.popFirst() else { throw BenchError("--service-metrics needs a URL") }
                serviceMetricsURL = value
            case "--commands": commands = try number(flag, rest.popFirst())
            case "--in-flight": inFlight = try number(flag, rest.popFirst())
            default: throw BenchError("unknown option \(flag)")
            }
        }
        if mode != nil || workers != nil || prefetch != nil || batchSize != nil {
            let m = mode ?? .batched
            let w = workers ?? 4
            let p = prefetch ?? (m == .batched ? 50 : 1)
            let b = m == .batched ? (batchSize ?? p) : 1
            explicit = Configuration(
                label: "\(m.rawValue), \(w) workers, prefetch \(p), batch \(b)", mode: m,
                workers: w, prefetch: p, batchSize: b)
        }
    }

    /// The configurations to measure: the explicit one, or the presets filtered by `BENCH_RUNS`.
    var runs: [Configuration] {
        if let explicit { return [explicit] }
        let all = [
            Configuration(
                label: "one at a time, prefetch 1, 4 workers", mode: .batched, workers: 4, prefetch: 1,
                batchSize: 1),
            Configuration(
                label: "batched, 50 per transaction, prefetch 100, 2 workers", mode: .batched,
                workers: 2, prefetch: 100, batchSize: 50),
            Configuration(
                label: "batched, 50 per transaction, prefetch 100, 4 workers", mode: .batched,
                workers: 4, prefetch: 100, batchSize: 50),
        ]
        return all.enumerated().filter { selected?.contains($0.offset) ?? true }.map(\.element)
    }
}

/// A benchmark failure or usage error, printed as is.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
    /// `--help` was asked for.
    static let help = BenchError("help")
}
