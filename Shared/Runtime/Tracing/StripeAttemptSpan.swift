import StripeAPI

/// Holds the trace context of the message a worker is handling, read by its Stripe
/// client's hooks. Thread-safety: not `Sendable`; one worker thread.
final class TraceSlot {
    var context: TraceContext?
    /// Batched routes: the consumer spans of the batch being handled, parents of the batch
    /// transaction's spans (``TransactionSpan/recordBatch(_:schema:startNanos:size:failure:)``).
    var batch: [TraceContext] = []
    /// The Stripe attempts of the message being handled, for ``MessageLog`` (at most
    /// ``MessageLog/maxCalls``); taken by ``takeCalls()``.
    var calls: [TimedAttempt] = []

    /// Records one attempt of the message being handled.
    func recordCall(_ attempt: StripeAttempt) {
        if calls.count < MessageLog.maxCalls { calls.append(TimedAttempt(attempt: attempt, endNanos: Tracer.nowNanos())) }
    }

    /// The attempts recorded since the last call, emptied.
    func takeCalls() -> [TimedAttempt] {
        defer { calls = [] }
        return calls
    }

    /// Sets the message's context, remembering it for the batch transaction's span.
    func enterBatched(_ context: TraceContext?) {
        self.context = context
        if let context { batch.append(context) }
    }
}

/// The client span of one Stripe HTTP attempt (`POST /v1/payment_intents/{id}/capture`),
/// child of the message's consumer span. Attributes follow the HTTP client conventions
/// (`http.request.method`, `url.path`, `server.address`, `http.response.status_code`,
/// `http.request.resend_count` for retries, `error.type`) plus `stripe.request_id`,
/// `stripe.idempotency_key`, `stripe.account`, `stripe.will_retry`.
enum StripeAttemptSpan {
    static func record(_ attempt: StripeAttempt, parent: TraceContext?, apiBase: String) {
        guard let parent, let tracer = Tracer.current, let context = tracer.begin(parent: parent) else { return }
        let end = Tracer.nowNanos()
        let nanos =
            UInt64(max(0, attempt.duration.components.seconds)) * 1_000_000_000
            + UInt64(max(0, attempt.duration.components.attoseconds / 1_000_000_000))
        var attributes: [(String, SpanData.Value)] = [
            ("http.request.method", .string(attempt.method.rawValue)),
            ("url.path", .string(attempt.path)),
            ("server.address", .string(host(of: apiBase))),
            ("stripe.will_retry", .bool(attempt.willRetry)),
        ]
        if attempt.attempt > 1 { attributes.append(("http.request.resend_count", .int(attempt.attempt - 1))) }
        if let status = attempt.httpStatus { attributes.append(("http.response.status_code", .int(status))) }
        if let id = attempt.requestId { attributes.append(("stripe.request_id", .string(id))) }
        if let key = attempt.idempotencyKey { attributes.append(("stripe.idempotency_key", .string(key))) }
        if let account = attempt.stripeAccount { attributes.append(("stripe.account", .string(account))) }
        if let code = attempt.errorCode { attributes.append(("error.type", .string(code))) }
        tracer.end(
            SpanData(
                context: context, parentSpanId: parent.spanId, name: "\(attempt.method.rawValue) \(route(attempt.path))",
                kind: .client, startNanos: end > nanos ? end - nanos : end, endNanos: end,
                attributes: attributes, error: attempt.errorCode))
    }

    /// The path with object ids replaced by `{id}` (low-cardinality span names):
    /// `/v1/payment_intents/pi_3Ab…/capture` → `/v1/payment_intents/{id}/capture`.
    static func route(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.contains("_") && segment.contains(where: \.isNumber) ? "{id}" : String(segment)
        }.joined(separator: "/")
    }

    static func host(of base: String) -> String {
        let parts = base.split(separator: "/", omittingEmptySubsequences: true)
        let authority = base.contains("://") && parts.count > 1 ? parts[1] : parts.first ?? ""
        return String(authority.prefix { $0 != ":" })
    }
}
