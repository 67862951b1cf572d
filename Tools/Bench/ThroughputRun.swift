import Bus
import Foundation
import Messages
import Runtime
import Store

/// One measurement: fill a unique queue with N commands, start a ServiceHost whose
/// no-op handler writes one event per message to the options' exchange (its body, as the
/// peers' events, names the type and the input message's id; so each message
/// costs: consume → transaction with inbox row + outbox row → confirmed publish → ack), with
/// `subscribers` durable quorum queues bound to that event, and time until all are
/// processed; then check from the broker that every subscriber queue holds every event.
/// Over the timed span it also reads the CPU of this process, the broker and Postgres
/// (``ServerCPU``), printed per message beside the rate.
/// Runs on the main thread (not Swift's cooperative pool).
struct ThroughputRun {
    let options: BenchOptions
    let configuration: BenchOptions.Configuration

    struct Result {
        let messages: Int
        let seconds: Double
        /// Events found in each subscriber queue.
        let routed: [Int]
        /// Messages processed in all (`messages` counts those after the first).
        let total: Int
        /// CPU of this process, the broker and Postgres over the timed span (``ServerCPU``).
        let cpu: ServerCPU
        var messagesPerSecond: Double { Double(messages) / seconds }
    }

    func execute() throws -> Result {
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let queue = "bench.noop_\(suffix)"
        let schema = "bench_\(suffix)"
        let eventKey = "bench.noop_done.\(suffix)"
        let subscribers = (0..<options.subscribers).map { "bench.subscriber_\(suffix).\($0 + 1)" }
        let route = Route.raw(
            queue: queue, mode: configuration.mode == .batched ? .batched : .oneAtATime(rateLimited: true),
            exchange: Exchanges.commands, patterns: [queue],
            handlers: [
                queue: { envelope, context in
                    // As the peers' event: its type and the input's id, not the input's body.
                    let event = Envelope(
                        correlationId: envelope.messageId, type: "bench.noop_done",
                        appId: "bench",
                        body: Array(#"{"type":"bench.noop_done","id":\#(JSONText.quoted(envelope.messageId))}"#.utf8))
                    try context.enqueue(
                        event, exchange: options.exchange, routingKey: eventKey,
                        mandatory: false)
                    return .done
                }
            ])
        var config = ServiceConfig(
            service: "bench", amqpURL: options.amqpURL, databaseURL: options.databaseURL,
            stripeRequestsPerSecond: 1_000_000, workers: configuration.workers,
            prefetch: configuration.prefetch, httpPort: 0, logLevel: .error)
        config.batchSize = configuration.batchSize
        config.stripeBoundPrefetch = configuration.prefetch
        defer { Cleanup.drop(schema: schema, queues: [queue] + subscribers, options) }
        try declareSubscribers(subscribers, eventKey: eventKey)
        let setup = ServiceHost(name: "bench", config: config, schema: schema, routes: [route])
        try setup.start()
        setup.shutdown()
        try fill(queue)
        let host = ServiceHost(name: "bench", config: config, schema: schema, routes: [route])
        let start = ContinuousClock.now
        try host.start()
        let registry = host.metrics.registry
        // Timed from the first processed message (the peers also exclude their start-up).
        // The CPU over the same span (the fill before it is not counted).
        var first: (at: ContinuousClock.Instant, count: Double, cpu: ServerCPU)?
        var processed = 0.0
        while processed < Double(options.messages) {
            Thread.sleep(forTimeInterval: 0.002)
            processed = registry.value("connectbus_messages_processed_total", labels: [queue]) ?? 0
            if first == nil && processed > 0 { first = (.now, processed, ServerCPU.now()) }
            if ContinuousClock.now - start > .seconds(600) { break }
        }
        let end = ContinuousClock.now
        let cpu = ServerCPU.now().since(first?.cpu ?? ServerCPU(process: 0, broker: 0, postgres: 0))
        host.shutdown()
        let done = Int(processed)
        let timed = first.map { (Int(processed - $0.count), (end - $0.at).seconds) } ?? (done, (end - start).seconds)
        return Result(
            messages: timed.0, seconds: timed.1, routed: try routed(subscribers, expected: done),
            total: done, cpu: cpu)
    }

    /// Declares the events' exchange (also with no subscribers: a publish to a missing
    /// exchange closes the channel) and the subscriber queues bound to `eventKey`.
    private func declareSubscribers(_ names: [String], eventKey: String) throws {
        let connection = try AMQPConnection(url: try AMQPURL(options.amqpURL), connectionName: "bench.subscribers")
        defer { connection.close() }
        try connection.declare(
            Topology.exchanges.merged(
                with: Topology(
                    exchanges: [ExchangeSpec(name: options.exchange)],
                    queues: names.map { QueueSpec.quorum($0) },
                    bindings: names.map { BindingSpec(queue: $0, exchange: options.exchange, pattern: eventKey) })))
    }

    /// The message count of each subscriber queue, once every one holds `expected` (or after 60 s).
    private func routed(_ names: [String], expected: Int) throws -> [Int] {
        guard !names.isEmpty else { return [] }
        let connection = try AMQPConnection(url: try AMQPURL(options.amqpURL), connectionName: "bench.subscribers")
        defer { connection.close() }
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let counts = try names.map { try connection.queueStatus($0).messages }
            if counts.allSatisfy({ $0 >= expected }) || ContinuousClock.now > deadline { return counts }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    private func fill(_ queue: String) throws {
        let connection = try AMQPConnection(url: try AMQPURL(options.amqpURL), connectionName: "bench.fill")
        defer { connection.close() }
        try connection.enableConfirms()
        let body = Array(("{\"pad\":\"" + String(repeating: "x", count: max(0, options.payloadBytes - 10)) + "\"}").utf8)
        var sent = 0
        while sent < options.messages {
            for _ in 0..<min(500, options.messages - sent) {
                try connection.publish(
                    Envelope(type: queue, appId: "bench", body: body), exchange: Exchanges.commands,
                    routingKey: queue, mandatory: true)
                sent += 1
            }
            try connection.waitForConfirms(timeout: .seconds(30))
        }
    }
}
