public import Bus
import Messages

/// `connectbus topology`: declares the exchanges and every command queue of the catalogue
/// with its delay queues and dead-letter queue, and prints them.
public enum TopologyVerb: Verb {
    /// `topology`.
    public static let name = "topology"
    /// One line for the verb list.
    public static let summary = "declare the exchanges and every command queue (retry and DLQ included)"
    /// Options that take a value.
    public static let options: Set<String> = []
    /// Options without value.
    public static let flags: Set<String> = ["dry-run"]
    /// The help text.
    public static let help = """
        usage: connectbus topology [--dry-run]

        Declares connectbus.commands and connectbus.events (topic, durable) and, for every
        command of the catalogue, its quorum queue bound to connectbus.commands, the delay
        queues <queue>.retry.1…3 (TTL 1 s, 10 s, 60 s) and <queue>.dlq, then prints them.
        Idempotent. Services declare the same at start-up; this lets commands be queued
        before a service has ever run. --dry-run prints without declaring.
        Environment: AMQP_URL.
        """

    /// The topology of the whole catalogue.
    public static func catalogueTopology() -> Topology {
        Catalogue.all.compactMap(\.queue).reduce(Topology.exchanges) { $0.merged(with: Topology.commandQueue($1)) }
            .merged(with: Topology.eventHistory)
    }

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        let topology = catalogueTopology()
        if !arguments.has("dry-run") {
            let connection = try environment.connect("topology")
            defer { connection.close() }
            do {
                try connection.declare(topology)
            } catch {
                throw CLIError(
                    "declaring the topology failed: \(error)",
                    hint:
                        "a queue that exists with other arguments (e.g. other retry delays) cannot be redeclared; compare with the services' configuration"
                )
            }
        }
        for exchange in topology.exchanges { Output.line("exchange \(exchange.name) (\(exchange.type), durable)") }
        for queue in topology.queues {
            let bindings = topology.bindings.filter { $0.queue == queue.name }
                .map { " ← \($0.exchange) \($0.pattern)" }.joined()
            Output.line("queue    \(queue.name)\(bindings)")
        }
        Output.line(
            "\(arguments.has("dry-run") ? "would declare" : "declared") \(topology.exchanges.count) exchanges, \(topology.queues.count) queues")
        return 0
    }
}
