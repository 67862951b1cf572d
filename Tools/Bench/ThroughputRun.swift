import Bus
import Foundation
import Messages
import Runtime
import Store

/// One measurement: fill a unique queue with N commands, start a ServiceHost whose
/// no-op handler writes one outbox event per message (so each message costs: consume →
/// transaction with inbox row + outbox row → confirmed publish → ack), and time until all
/// are processed. Runs on the main thread (not Swift's cooperative pool).
struct ThroughputRun {
    let options: BenchOptions
    let configuration: BenchOptions.Configuration

    struct Result {
        let messages: Int
        let seconds: Double
        var messagesPerSecond: Double { Double(messages) / seconds }
    }

    func execute() throws -> Result {
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let queue = "bench.noop_\(suffix)"
        let schema = "bench_\(suffix)"
        let route = Route.raw(queue: queue, mode: .batched, exchange: Exchanges.commands, patterns: [queue],
                              handlers: [queue: { envelope, context in
                                  let event = Envelope(correlationId: envelope.messageId, type: "bench.noop_done",
                                                       appId: "bench", body: envelope.body)
                                  try context.enqueue(event, exchange: Exchanges.events, routingKey: "bench.noop_done",
                                                      mandatory: false)
                                  return .done
                              }])
        let config = ServiceConfig(service: "bench", amqpURL: options.amqpURL, databaseURL: options.databaseURL,
                                   workers: configuration.workers, prefetch: configuration.prefetch, httpPort: 0,
                                   logLevel: .error)
        defer { cleanUp(queue: queue, schema: schema) }
        let setup = ServiceHost(name: "bench", config: config, schema: schema, routes: [route])
        try setup.start()
        setup.shutdown()
        try fill(queue)
        let host = ServiceHost(name: "bench", config: config, schema: schema, routes: [route])
        let start = ContinuousClock.now
        try host.start()
        let registry = host.metrics.registry
        while (registry.value("connectbus_messages_processed_total", labels: [queue]) ?? 0) < Double(options.messages) {
            Thread.sleep(forTimeInterval: 0.005)
            if ContinuousClock.now - start > .seconds(600) { break }
        }
        let elapsed = ContinuousClock.now - start
        host.shutdown()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let done = Int(registry.value("connectbus_messages_processed_total", labels: [queue]) ?? 0)
        return Result(messages: done, seconds: seconds)
    }

    private func fill(_ queue: String) throws {
        let connection = try AMQPConnection(url: try AMQPURL(options.amqpURL), connectionName: "bench.fill")
        defer { connection.close() }
        try connection.enableConfirms()
        let body = Array(("{\"pad\":\"" + String(repeating: "x", count: max(0, options.payloadBytes - 10)) + "\"}").utf8)
        var sent = 0
        while sent < options.messages {
            for _ in 0..<min(500, options.messages - sent) {
                try connection.publish(Envelope(type: queue, appId: "bench", body: body), exchange: Exchanges.commands,
                                       routingKey: queue, mandatory: true)
                sent += 1
            }
            try connection.waitForConfirms(timeout: .seconds(30))
        }
    }

    private func cleanUp(queue: String, schema: String) {
        Cleanup.drop(schema: schema, queue: queue, options)
    }
}
