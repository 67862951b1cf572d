import Foundation

/// `connectbus status`: the ConnectBus queues with depth, consumers, rates and the age of
/// the oldest message of unconsumed queues; each service's replicas (from the broker's
/// connection names) and `/healthz` and `/readyz`, with the checks `/readyz` lists (each
/// webhook route's recent deliveries and rejections); and the notifications backfill sweep
/// (last sweep, high-water mark, events recovered).
public enum StatusVerb: Verb {
    /// `status`.
    public static let name = "status"
    /// One line for the verb list.
    public static let summary = "queues (depth, consumers, rates, oldest message), replicas and the services' health"
    /// Options that take a value.
    public static let options: Set<String> = []
    /// Options without value.
    public static let flags: Set<String> = ["all"]
    /// The help text.
    public static let help = """
        usage: connectbus status [--all]

        Prints the ConnectBus queues (command, events, retry and dead-letter queues; --all adds
        the empty delay queues and other queues) with ready and unacknowledged messages,
        consumers, publish and acknowledgement rates per second from the RabbitMQ management
        API (depth and consumers only over AMQP when the API is unreachable), and the age of
        the oldest message of each queue without consumers (read and given back in order; up
        to 10,000 messages; "-" for consumed queues, whose head cannot be read without moving
        it); then each service's replicas, counted from the broker's connection names
        (<service>.<role>@<host>:<pid>), and its /healthz and /readyz (ready, degraded or
        not_ready), with one line per check /readyz lists (notifications: each webhook
        route's deliveries and rejections of the last 5 minutes; degraded when most were
        rejected, e.g. after a webhook secret rotation), then the backfill sweep of
        notifications (from its /metrics: last sweep, oldest high-water mark, events
        recovered).
        Exit status: 0 when every service is healthy and ready and none is degraded, 1 otherwise.
        Environment: CONNECTBUS_MANAGEMENT_URL, AMQP_URL, CONNECTBUS_SERVICE_URLS
        (name=http://host:port,…; default the demo's ports 8081-8084).
        """

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        let prefixes = ["onboarding.", "payments.", "terminal.", "notifications."]
        let (queues, source) = try QueueDepths.all(environment)
        let shown = queues.filter { q in
            arguments.has("all")
                || (prefixes.contains { q.name.hasPrefix($0) }
                    && (!q.name.contains(".retry.") || q.messages > 0))
        }
        Output.line(row("queue", "ready", "unacked", "consumers", "in/s", "ack/s", "oldest"))
        for q in shown {
            let age = q.consumers == 0 && q.messages > 0 ? QueueAges.oldestAge(of: q.name, environment: environment) : nil
            Output.line(
                row(
                    q.name, "\(q.ready)", "\(q.unacknowledged)", "\(q.consumers)",
                    String(format: "%.1f", q.publishRate), String(format: "%.1f", q.ackRate), QueueAges.format(age)))
        }
        let parked = queues.filter { $0.name.hasSuffix(".dlq") }.reduce(0) { $0 + $1.messages }
        Output.line("\(shown.count) queues (\(source)); dead letters: \(parked)\n")
        let replicas = replicaLines(environment)
        for line in replicas { Output.line(line) }
        if !replicas.isEmpty { Output.line("") }
        let http = try HTTPGetter()
        var healthy = true
        for service in environment.serviceURLs {
            let health = probe(http, service.url + "/healthz")
            let readyz = try? http.get(service.url + "/readyz")
            let report = readyz.flatMap { ReadinessReport.parse($0.body) }
            let ready = readyz.map { "\($0.status)" + (report.map { " " + $0.status } ?? "") } ?? "down"
            healthy = healthy && health.ok && readyz?.status == 200 && report?.isDegraded != true
            Output.line(
                "\(service.name.padding(toLength: 18, withPad: " ", startingAt: 0))healthz \(health.text)  readyz \(ready)  \(service.url)")
            for line in report?.checkLines() ?? [] { Output.line(line) }
        }
        if let notifications = environment.serviceURLs.first(where: { $0.name == "notifications" }),
            let metrics = try? http.get(notifications.url + "/metrics"), metrics.status == 200,
            let backfill = BackfillStatus.parse(String(decoding: metrics.body, as: UTF8.self))
        {
            Output.line(backfill.line(now: Date()))
        }
        return healthy ? 0 : 1
    }

    /// One line per service with its replicas, from the management API's connections.
    static func replicaLines(_ environment: CLIEnvironment) -> [String] {
        guard let api = try? ManagementAPI(baseURL: environment.managementURL), let connections = try? api.connections()
        else { return ["replicas: unknown (the management API's /api/connections did not answer)"] }
        let services = ServiceReplicas.from(connectionNames: connections.map(\.clientName))
        if services.isEmpty { return ["replicas: no service is connected to the broker"] }
        return services.map { s in
            let list = s.replicas.map { "\($0.identity) (\($0.connections) connection\($0.connections == 1 ? "" : "s"))" }
            return "\(s.service.padding(toLength: 18, withPad: " ", startingAt: 0))\(s.replicas.count) replica\(s.replicas.count == 1 ? "" : "s"): "
                + list.joined(separator: ", ")
        }
    }

    static func probe(_ http: HTTPGetter, _ url: String) -> (ok: Bool, text: String) {
        guard let response = try? http.get(url) else { return (false, "down") }
        return (response.status == 200, "\(response.status)")
    }

    static func row(_ name: String, _ columns: String...) -> String {
        name.padding(toLength: max(52, name.count + 1), withPad: " ", startingAt: 0)
            + columns.map { $0.padding(toLength: 10, withPad: " ", startingAt: 0) }.joined()
    }
}
