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

    /// The encoding of one request, byte for byte (the shape `opentelemetry-proto`'s JSON
    /// parser reads in Tests/deployment/test_tracing.py).
    @Test func theEncodingIsTheDocumentedBytes() {
        let span = SpanData(
            context: TraceContext(traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "a1b2c3d4e5f60718", sampled: true),
            parentSpanId: "00f067aa0ba902b7", name: "q process", kind: .consumer, startNanos: 10, endNanos: 18_446_744_073_709_551_615,
            attributes: [("a", .string("x")), ("n", .int(-42)), ("b", .bool(true))])
        let root = SpanData(
            context: TraceContext(traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7", sampled: true),
            parentSpanId: nil, name: "r", kind: .internal, startNanos: 0, endNanos: 1, error: "boom")
        let body = String(decoding: OTLPJSON.exportRequest([span, root], serviceName: "payments", instanceId: "vm:1"), as: UTF8.self)
        #expect(
            body
                == #"{"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"payments"}},"#
                + #"{"key":"service.instance.id","value":{"stringValue":"vm:1"}}]},"scopeSpans":[{"scope":{"name":"connectbus","version":"1"},"#
                + #""spans":[{"traceId":"4bf92f3577b34da6a3ce929d0e0e4736","spanId":"a1b2c3d4e5f60718","parentSpanId":"00f067aa0ba902b7","#
                + #""name":"q process","kind":5,"startTimeUnixNano":"10","endTimeUnixNano":"18446744073709551615","attributes":["#
                + #"{"key":"a","value":{"stringValue":"x"}},{"key":"n","value":{"intValue":"-42"}},{"key":"b","value":{"boolValue":true}}],"#
                + #""status":{"code":1}},{"traceId":"4bf92f3577b34da6a3ce929d0e0e4736","spanId":"00f067aa0ba902b7","name":"r","kind":1,"#
                + #""startTimeUnixNano":"0","endTimeUnixNano":"1","attributes":[],"status":{"code":2,"message":"boom"}}]}]}]}"#)
        #expect(
            String(decoding: OTLPJSON.exportRequest([], serviceName: "s", instanceId: "i"), as: UTF8.self).hasSuffix(#""spans":[]}]}]}"#))
    }

    @Test func namesAndValuesAreEscapedByteWiseAndNonASCIIStaysUTF8() throws {
        let tricky = "pay \"quoted\" back\\slash\nline\ttab\rcr \u{01}\u{1F}\u{7F} é 日本 🙂"
        let span = SpanData(
            context: TraceContext(traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "a1b2c3d4e5f60718", sampled: true),
            parentSpanId: nil, name: tricky, kind: .server, startNanos: 1, endNanos: 2,
            attributes: [("key \"k\"\n", .string(tricky)), ("plain", .string("nothing to escape: ünïcödé"))], error: tricky)
        let bytes = OTLPJSON.exportRequest([span], serviceName: "svc\u{08}", instanceId: "i")
        let text = String(decoding: bytes, as: UTF8.self)
        let escaped = #"pay \"quoted\" back\\slash\nline\ttab\rcr \u0001\u001f"# + "\u{7F} é 日本 🙂"
        #expect(text.contains(#""name":""# + escaped + #"""#))
        #expect(text.contains(#"{"key":"key \"k\"\n","value":{"stringValue":""# + escaped + #""}}"#))
        #expect(text.contains(#"{"key":"plain","value":{"stringValue":"nothing to escape: ünïcödé"}}"#))
        #expect(text.contains(#""status":{"code":2,"message":""# + escaped + #""}"#))
        #expect(text.contains(#""stringValue":"svc\u0008""#))
        // And a JSON parser reads back exactly what was set.
        let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let encoded = try #require(
            (((root["resourceSpans"] as? [[String: Any]])?.first?["scopeSpans"] as? [[String: Any]])?.first?["spans"] as? [[String: Any]])?
                .first)
        #expect(encoded["name"] as? String == tricky)
        let attributes = try #require(encoded["attributes"] as? [[String: Any]])
        #expect(attributes[0]["key"] as? String == "key \"k\"\n")
        #expect((attributes[0]["value"] as? [String: Any])?["stringValue"] as? String == tricky)
        #expect((encoded["status"] as? [String: Any])?["message"] as? String == tricky)
    }

    @Test func intBoolAndDoubleAttributeValuesAreEncodedAsOTLPAsksAndReadBack() throws {
        let values: [SpanData.Value] = [
            .int(0), .int(7), .int(-1), .int(Int.max), .int(Int.min), .bool(true), .bool(false),
            .double(0.25), .double(-3.0), .double(1e-7), .double(.nan), .double(.infinity), .double(-.infinity),
        ]
        let span = SpanData(
            context: TraceContext(traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "a1b2c3d4e5f60718", sampled: true),
            parentSpanId: nil, name: "v", kind: .internal, startNanos: 1, endNanos: 2,
            attributes: values.enumerated().map { ("v\($0.offset)", $0.element) })
        let bytes = OTLPJSON.exportRequest([span], serviceName: "s", instanceId: "i")
        let text = String(decoding: bytes, as: UTF8.self)
        for fragment in [
            #"{"intValue":"0"}"#, #"{"intValue":"7"}"#, #"{"intValue":"-1"}"#, #"{"intValue":"9223372036854775807"}"#,
            #"{"intValue":"-9223372036854775808"}"#, #"{"boolValue":true}"#, #"{"boolValue":false}"#,
            #"{"doubleValue":0.25}"#, #"{"doubleValue":-3.0}"#, #"{"doubleValue":1e-07}"#, #"{"doubleValue":"NaN"}"#,
            #"{"doubleValue":"Infinity"}"#, #"{"doubleValue":"-Infinity"}"#,
        ] {
            #expect(text.contains(fragment), "\(fragment)")
        }
        let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let attributes = try #require(
            (((root["resourceSpans"] as? [[String: Any]])?.first?["scopeSpans"] as? [[String: Any]])?.first?["spans"] as? [[String: Any]])?
                .first?["attributes"] as? [[String: Any]])
        let read = attributes.compactMap { $0["value"] as? [String: Any] }
        #expect(read.count == values.count)
        #expect(read[4]["intValue"] as? String == String(Int.min))
        #expect(read[7]["doubleValue"] as? Double == 0.25)
        #expect(read[9]["doubleValue"] as? Double == 1e-7)
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
        try exporter.start()
        exporter.stopAndJoin()  // sends what is queued to a port nobody listens on: dropped, not thrown
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
