import Foundation
import Messages
@testable import StripeAPI
import Testing
@testable import Runtime

/// The spans the runtime records besides the consumer's: publish, transaction, and the
/// `OpenSpan` API services use; and the `message_log` encoding of Stripe attempts. Installs a
/// process tracer whose exporter is never started (spans stay queued and are read back), so
/// the suite runs serialized and filters by its own trace ids.
@Suite("Span recording", .serialized)
struct SpanRecordingTests {
    static func withTracer(_ body: (SpanExporter) throws -> Void) rethrows {
        let exporter = SpanExporter(
            url: "http://127.0.0.1:9/v1/traces", serviceName: "t", instanceId: "i", capacity: 10_000,
            log: Logger(service: "t", level: .error))
        let tracer = Tracer(serviceName: "t", sampler: .parentBased(root: .alwaysOn), exporter: exporter)
        Tracer.install(tracer)
        defer { Tracer.uninstall(tracer) }
        try body(exporter)
    }

    static func spans(_ exporter: SpanExporter, trace: String) -> [SpanData] {
        exporter.queuedSpans().filter { $0.context.traceId == trace }
    }

    static func attributes(_ span: SpanData) -> [String: SpanData.Value] {
        Dictionary(span.attributes, uniquingKeysWith: { first, _ in first })
    }

    @Test func aPublishIsAProducerSpanUnderTheMessagesTraceparent() {
        Self.withTracer { exporter in
            let parent = TraceContext(traceId: TraceContext.newTraceId(), spanId: TraceContext.newSpanId(), sampled: true)
            var event = Envelope(type: "payments.order.paid", appId: "payments", body: Array("{}".utf8))
            event.correlationId = "corr-1"
            event.headers.traceparent = parent.traceparent
            PublishSpan.record(
                event, exchange: "connectbus.events", routingKey: "payments.order.paid", startNanos: 5,
                relayed: true)
            var reply = Envelope(type: "payments.refund", appId: "payments", body: Array("{}".utf8))
            reply.headers.traceparent = parent.traceparent
            PublishSpan.record(reply, exchange: "", routingKey: "amq.gen-reply", startNanos: 5, relayed: false)
            var unsampled = event
            unsampled.headers.traceparent = TraceContext(traceId: parent.traceId, spanId: parent.spanId, sampled: false).traceparent
            PublishSpan.record(unsampled, exchange: "connectbus.events", routingKey: "x", startNanos: 5, relayed: false)
            var untraced = event
            untraced.headers.traceparent = nil
            PublishSpan.record(untraced, exchange: "connectbus.events", routingKey: "x", startNanos: 5, relayed: false)

            let spans = Self.spans(exporter, trace: parent.traceId)
            #expect(spans.map(\.name) == ["connectbus.events publish", "publish"])
            #expect(spans.allSatisfy { $0.kind == .producer && $0.parentSpanId == parent.spanId && $0.startNanos == 5 })
            let a = Self.attributes(spans[0])
            #expect(a["messaging.system"] == .string("rabbitmq"))
            #expect(a["messaging.operation.type"] == .string("send"))
            #expect(a["messaging.operation.name"] == .string("publish"))
            #expect(a["messaging.destination.name"] == .string("connectbus.events"))
            #expect(a["messaging.rabbitmq.destination.routing_key"] == .string("payments.order.paid"))
            #expect(a["messaging.message.id"] == .string(event.messageId))
            #expect(a["messaging.message.conversation_id"] == .string("corr-1"))
            #expect(a["connectbus.relayed"] == .bool(true))
            #expect(Self.attributes(spans[1])["messaging.destination.name"] == .string("amq.default"))
        }
    }

    @Test func aTransactionIsADatabaseClientSpanAndNeedsASampledParent() {
        Self.withTracer { exporter in
            let parent = TraceContext(traceId: TraceContext.newTraceId(), spanId: TraceContext.newSpanId(), sampled: true)
            TransactionSpan.record(parent: parent, schema: "payments", startNanos: 10, outboxRows: 2)
            TransactionSpan.record(
                parent: parent, schema: "payments", startNanos: 10, outboxRows: 0, batchSize: 50,
                failure: "store.query_failed")
            TransactionSpan.record(parent: nil, schema: "payments", startNanos: 10, outboxRows: 2)
            TransactionSpan.record(parent: parent, schema: "payments", startNanos: nil, outboxRows: 2)
            let spans = Self.spans(exporter, trace: parent.traceId)
            #expect(spans.count == 2)
            #expect(spans.allSatisfy { $0.name == "COMMIT payments" && $0.kind == .client && $0.parentSpanId == parent.spanId })
            let ok = Self.attributes(spans[0])
            #expect(ok["db.system.name"] == .string("postgresql"))
            #expect(ok["db.namespace"] == .string("payments"))
            #expect(ok["db.operation.name"] == .string("COMMIT"))
            #expect(ok["connectbus.outbox.rows"] == .int(2))
            #expect(ok["db.operation.batch.size"] == nil && spans[0].error == nil)
            #expect(Self.attributes(spans[1])["db.operation.batch.size"] == .int(50))
            #expect(spans[1].error == "store.query_failed")
        }
    }

    @Test func openSpanAroundRecordsTheErrorCodeAndNeverStartsATraceOfItsOwn() {
        struct Refused: Error {}
        Self.withTracer { exporter in
            let parent = TraceContext(traceId: TraceContext.newTraceId(), spanId: TraceContext.newSpanId(), sampled: true)
            #expect(throws: Refused.self) {
                try OpenSpan.around(
                    "SMTP send", kind: .client, of: parent, attributes: [("server.port", .int(25))],
                    describe: { _ in "smtp.rejected" }
                ) { throw Refused() }
            }
            let value = OpenSpan.around("verify", kind: .internal, of: parent) { 42 }
            #expect(value == 42)
            #expect(OpenSpan.child("x", kind: .internal, of: nil) == nil)
            let unsampled = TraceContext(traceId: parent.traceId, spanId: parent.spanId, sampled: false)
            #expect(OpenSpan.child("x", kind: .internal, of: unsampled) == nil)
            let spans = Self.spans(exporter, trace: parent.traceId)
            #expect(spans.map(\.name) == ["SMTP send", "verify"])
            #expect(spans[0].error == "smtp.rejected")
            #expect(Self.attributes(spans[0])["error.type"] == .string("smtp.rejected"))
            #expect(Self.attributes(spans[0])["server.port"] == .int(25))
            #expect(spans[1].error == nil)
        }
    }

    @Test func stripeAttemptsAreLoggedAsAJSONArrayWithTheirRequestIds() throws {
        let first = StripeAttempt(
            method: .post, path: "/v1/refunds", attempt: 1, httpStatus: 429, requestId: "req_1",
            errorCode: "rate_limit", stripeAccount: "acct_1", idempotencyKey: "m:refund",
            duration: .milliseconds(12), willRetry: true)
        let second = StripeAttempt(
            method: .get, path: "/v1/charges/ch_\"1", attempt: 2, httpStatus: nil, requestId: nil,
            errorCode: nil, stripeAccount: nil, idempotencyKey: nil, duration: .zero, willRetry: false)
        let text = MessageLog.callsJSON([
            TimedAttempt(attempt: first, endNanos: 1_796_000_000_123_000_000),
            TimedAttempt(attempt: second, endNanos: 1_796_000_001_000_000_000),
        ])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(parsed.count == 2)
        #expect(parsed[0]["at_ms"] as? Int == 1_796_000_000_123)
        #expect(parsed[0]["method"] as? String == "POST" && parsed[0]["path"] as? String == "/v1/refunds")
        #expect(parsed[0]["status"] as? Int == 429 && parsed[0]["request_id"] as? String == "req_1")
        #expect(parsed[0]["idempotency_key"] as? String == "m:refund" && parsed[0]["account"] as? String == "acct_1")
        #expect(parsed[0]["error_code"] as? String == "rate_limit" && parsed[0]["will_retry"] as? Bool == true)
        #expect(parsed[0]["duration_ms"] as? Int == 12 && parsed[0]["attempt"] as? Int == 1)
        #expect(parsed[1]["path"] as? String == "/v1/charges/ch_\"1" && parsed[1]["status"] == nil)
        #expect(parsed[1]["request_id"] == nil && parsed[1]["attempt"] as? Int == 2)
        #expect(MessageLog.isJSONObject(Array(" {\"ok\":true}".utf8)))
        #expect(!MessageLog.isJSONObject(Array("not json".utf8)))
    }
}
