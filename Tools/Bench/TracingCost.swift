import Bus
import Foundation
import Messages
import Runtime

/// `connectbus-bench tracing-cost`: the CPU a worker spends on tracing per message,
/// measured on the runtime's own code (``MessageSpan`` begin and end, a transaction and a
/// publish child span, the exporter's queue) without any server, so the number does not depend on the machine's other load
/// the way throughput does; plus the export thread's OTLP/JSON encoding per span. Prints
/// nanoseconds per message for tracing off, 10 % sampling and 100 % sampling, and what 10 %
/// sampling costs as a share of a message's time at the given throughput
/// (`BENCH_REFERENCE_RATE`, default 15000 msg/s, the batched benchmark's rate).
enum TracingCost {
    static func runIfRequested(_ arguments: [String], _ env: [String: String]) -> Int32? {
        guard arguments.dropFirst().first == "tracing-cost" else { return nil }
        let iterations = Int(env["BENCH_MESSAGES"] ?? "") ?? 200_000
        let rate = Double(env["BENCH_REFERENCE_RATE"] ?? "") ?? 15_000
        let delivery = Delivery(
            deliveryTag: 1, exchange: "connectbus.commands", routingKey: "bench.noop", redelivered: false,
            queue: "bench.noop", consumerTag: "c",
            envelope: Envelope(type: "bench.noop", appId: "bench", body: Array(repeating: 0x20, count: 200)))
        func measure(_ sampler: TraceSampler?) -> Double {
            let log = Logger(service: "bench", level: .error)
            Tracer.install(
                sampler.map {
                    Tracer(
                        serviceName: "bench", sampler: $0,
                        exporter: SpanExporter(
                            url: "http://127.0.0.1:9/v1/traces", serviceName: "bench", instanceId: "bench",
                            capacity: 3 * iterations, log: log))
                })
            defer { Tracer.install(nil) }
            let start = ContinuousClock.now
            // A message's spans as a handler that writes and publishes one event makes them:
            // its consumer span, its transaction's and its publish's (attributes as the runtime sets them).
            for _ in 0..<iterations {
                guard let span = MessageSpan.begin(delivery, queue: "bench.noop", appId: "bench") else { continue }
                OpenSpan.child(
                    "COMMIT bench", kind: .client, of: span.context,
                    attributes: [
                        ("db.system.name", .string("postgresql")), ("db.namespace", .string("bench")),
                        ("db.operation.name", .string("COMMIT")), ("connectbus.outbox.rows", .int(1)),
                    ])?.end()
                OpenSpan.child(
                    "connectbus.events publish", kind: .producer, of: span.context,
                    attributes: [
                        ("messaging.system", .string("rabbitmq")), ("messaging.operation.type", .string("send")),
                        ("messaging.operation.name", .string("publish")), ("messaging.destination.name", .string("connectbus.events")),
                        ("messaging.rabbitmq.destination.routing_key", .string("bench.noop")),
                        ("messaging.message.id", .string(delivery.envelope.messageId)),
                        ("connectbus.message.type", .string("bench.noop")), ("connectbus.relayed", .bool(false)),
                    ])?.end()
                span.end(failure: nil)
            }
            let elapsed = ContinuousClock.now - start
            return (Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9) / Double(iterations)
        }
        let off = measure(nil)
        let tenth = measure(.parentBased(root: .ratio(0.1)))
        let all = measure(.alwaysOn)
        // The export thread: encoding one batch of 512 spans like the ones above.
        let span = SpanData(
            context: TraceContext(traceId: TraceContext.newTraceId(), spanId: TraceContext.newSpanId(), sampled: true),
            parentSpanId: nil, name: "bench.noop process", kind: .consumer, startNanos: 1, endNanos: 2,
            attributes: (0..<10).map { ("messaging.attribute.\($0)", .string("value-\($0)")) })
        let batch = Array(repeating: span, count: 512)
        let rounds = max(1, iterations / 5120)
        let encodeStart = ContinuousClock.now
        var bytes = 0
        for _ in 0..<rounds { bytes += OTLPJSON.exportRequest(batch, serviceName: "bench", instanceId: "bench").count }
        let encodeElapsed = ContinuousClock.now - encodeStart
        let encode =
            (Double(encodeElapsed.components.seconds) * 1e9 + Double(encodeElapsed.components.attoseconds) / 1e9)
            / Double(rounds * batch.count)
        let perMessageBudget = 1e9 / rate
        let added = (tenth - off) + 0.1 * 3 * encode  // three spans per sampled message
        print(
            String(
                format: "tracing cost per message (%d messages): off %.0f ns, 10%% sampled %.0f ns, 100%% sampled %.0f ns",
                iterations, off, tenth, all))
        print(
            String(
                format: "OTLP/JSON encoding on the export thread: %.0f ns per span (%d bytes per 512-span batch)",
                encode, bytes / rounds))
        print(
            String(
                format: "at %.0f msg/s (%.1f us per message) 10%% sampling adds %.0f ns per message: %.2f%% of a message's time",
                rate, perMessageBudget / 1000, added, 100 * added / perMessageBudget))
        return 0
    }
}
