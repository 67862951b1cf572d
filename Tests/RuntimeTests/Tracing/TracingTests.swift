import Foundation
import Testing
@testable import Runtime

/// W3C trace context, samplers, the OTLP/JSON encoding, the tracing variables and the
/// exporter's bounded queue (no collector needed).
@Suite("Tracing")
struct TracingTests {
    static let parent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    @Test func traceparentIsParsedAndWrittenBack() throws {
        let context = try #require(TraceContext(traceparent: Self.parent))
        #expect(context.traceId == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(context.spanId == "00f067aa0ba902b7")
        #expect(context.sampled)
        #expect(context.traceparent == Self.parent)
        #expect(TraceContext(traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00")?.sampled == false)
        for bad in [
            "", "00-abc-def-01", "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01", "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01", Self.parent + "-extra",
        ] {
            #expect(TraceContext(traceparent: bad) == nil, "\(bad)")
        }
        let fresh = try #require(
            TraceContext(
                traceparent: TraceContext(
                    traceId: TraceContext.newTraceId(),
                    spanId: TraceContext.newSpanId(), sampled: true
                ).traceparent))
        #expect(fresh.traceId.count == 32 && fresh.spanId.count == 16)
    }

    @Test func samplersFollowTheVariables() throws {
        let parent = try #require(TraceContext(traceparent: Self.parent))
        let unsampled = TraceContext(traceId: parent.traceId, spanId: parent.spanId, sampled: false)
        #expect(try TraceSampler.from(nil, argument: nil) == .parentBased(root: .alwaysOn))
        #expect(try TraceSampler.from("parentbased_traceidratio", argument: "0.1") == .parentBased(root: .ratio(0.1)))
        #expect(throws: TracingConfigError.self) { try TraceSampler.from("sometimes", argument: nil) }
        #expect(throws: TracingConfigError.self) { try TraceSampler.from("traceidratio", argument: "2") }
        let parentBased = TraceSampler.parentBased(root: .alwaysOff)
        #expect(parentBased.shouldSample(traceId: parent.traceId, parent: parent))
        #expect(!parentBased.shouldSample(traceId: parent.traceId, parent: unsampled))
        #expect(!parentBased.shouldSample(traceId: parent.traceId, parent: nil))
        // The ratio uses the trace id's low 64 bits: the same decision in every service.
        #expect(TraceSampler.ratio(0.5).shouldSample(traceId: "ffffffffffffffff0000000000000001", parent: nil))
        #expect(!TraceSampler.ratio(0.5).shouldSample(traceId: "0000000000000000ffffffffffffffff", parent: nil))
        let sampled = (0..<10_000).filter { _ in TraceSampler.ratio(0.1).shouldSample(traceId: TraceContext.newTraceId(), parent: nil) }
        #expect((800...1200).contains(sampled.count))
    }

    @Test func spansAreEncodedAsAnOTLPExportRequest() throws {
        let span = SpanData(
            context: TraceContext(traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "a1b2c3d4e5f60718", sampled: true),
            parentSpanId: "00f067aa0ba902b7", name: "payments.create_refund process", kind: .consumer,
            startNanos: 1_700_000_000_000_000_000, endNanos: 1_700_000_000_500_000_000,
            attributes: [
                ("messaging.system", .string("rabbitmq")), ("connectbus.attempt", .int(2)),
                ("stripe.will_retry", .bool(false)),
            ],
            error: "stripe.card_declined: \"declined\"")
        let body = OTLPJSON.exportRequest([span], serviceName: "payments", instanceId: "vm:1")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        let resource = try #require((root["resourceSpans"] as? [[String: Any]])?.first)
        let attributes = try #require((resource["resource"] as? [String: Any])?["attributes"] as? [[String: Any]])
        #expect(attributes.first?["key"] as? String == "service.name")
        let encoded = try #require(((resource["scopeSpans"] as? [[String: Any]])?.first?["spans"] as? [[String: Any]])?.first)
        #expect(encoded["traceId"] as? String == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(encoded["parentSpanId"] as? String == "00f067aa0ba902b7")
        #expect(encoded["kind"] as? Int == 5)
        #expect(encoded["startTimeUnixNano"] as? String == "1700000000000000000")
        #expect((encoded["status"] as? [String: Any])?["code"] as? Int == 2)
        let values = try #require(encoded["attributes"] as? [[String: Any]]).compactMap { $0["value"] as? [String: Any] }
        #expect(values[1]["intValue"] as? String == "2")
        #expect(values[2]["boolValue"] as? Bool == false)
    }

    @Test func tracingIsOffWithoutAnEndpointAndBadVariablesAreNamed() throws {
        let log = Logger(service: "t", level: .error)
        #expect(try Tracer.fromEnvironment([:], serviceName: "payments", log: log) == nil)
        #expect(
            try Tracer.fromEnvironment(
                ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_SDK_DISABLED": "true"],
                serviceName: "payments", log: log) == nil)
        let tracer = try #require(
            try Tracer.fromEnvironment(
                [
                    "OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318/", "OTEL_SERVICE_NAME": "pay-eu",
                    "OTEL_TRACES_SAMPLER": "traceidratio", "OTEL_TRACES_SAMPLER_ARG": "0.25",
                ], serviceName: "payments", log: log))
        #expect(tracer.exporter.url == "http://collector:4318/v1/traces")
        #expect(tracer.serviceName == "pay-eu")
        #expect(tracer.sampler == .ratio(0.25))
        do {
            _ = try Tracer.fromEnvironment(
                ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"],
                serviceName: "payments", log: log)
            Issue.record("grpc accepted")
        } catch {
            #expect(error.variable == "OTEL_EXPORTER_OTLP_PROTOCOL")
        }
    }

    @Test func aFullQueueDropsInsteadOfBlockingAndAnUnreachableCollectorDropsTheBatch() throws {
        let exporter = SpanExporter(
            url: "http://127.0.0.1:9/v1/traces", serviceName: "t", instanceId: "i", capacity: 3,
            delay: .milliseconds(50), log: Logger(service: "t", level: .error))
        let span = SpanData(
            context: TraceContext(traceId: TraceContext.newTraceId(), spanId: TraceContext.newSpanId(), sampled: true),
            parentSpanId: nil, name: "x", kind: .internal, startNanos: 1, endNanos: 2)
        for _ in 0..<5 { exporter.offer(span) }
        #expect(exporter.dropped == 2)
        exporter.start()
        exporter.stop()  // sends what is queued to a port nobody listens on: dropped, not thrown
        #expect(exporter.dropped == 5)
        #expect(exporter.exported == 0)
    }

    @Test func stripeSpanNamesHideObjectIds() {
        #expect(StripeAttemptSpan.route("/v1/payment_intents/pi_3Ab12/capture") == "/v1/payment_intents/{id}/capture")
        #expect(StripeAttemptSpan.route("/v1/checkout/sessions") == "/v1/checkout/sessions")
        #expect(StripeAttemptSpan.host(of: "http://127.0.0.1:12111") == "127.0.0.1")
        #expect(StripeAttemptSpan.host(of: "https://api.stripe.com") == "api.stripe.com")
    }
}
