/// A span being recorded: started with ``start(_:kind:parent:)``, given attributes, ended
/// once with ``end(error:)``. For spans a service opens itself (an HTTP request it serves,
/// an SMTP send, a signature check); the runtime's own spans (consumer, Stripe client,
/// transaction, publish) use the same tracer.
///
/// Thread-safety: a `Sendable` value; whoever holds it ends it, once (it may be handed to
/// another thread, as a deferred HTTP answer does).
public struct OpenSpan: Sendable {
    /// The span's context: what its children and outgoing messages carry (`traceparent`).
    public let context: TraceContext
    let tracer: Tracer
    let parentSpanId: String?
    let name: String
    let kind: SpanData.Kind
    var start: UInt64
    /// Attributes in the order they were set.
    public private(set) var attributes: [(String, SpanData.Value)] = []

    /// Starts a span named `name` under `parent` (a new trace when `nil`), or returns `nil`
    /// when tracing is off or the sampler does not record it (a `nil` parent that is not
    /// sampled gives `nil` too, so children of an unsampled span cost nothing: `name` and
    /// `attributes` are only evaluated for a span that is recorded).
    public static func start(
        _ name: @autoclosure () -> String, kind: SpanData.Kind, parent: TraceContext?,
        attributes: @autoclosure () -> [(String, SpanData.Value)] = []
    ) -> OpenSpan? {
        guard let tracer = Tracer.current, let context = tracer.begin(parent: parent) else { return nil }
        var span = OpenSpan(
            context: context, tracer: tracer, parentSpanId: parent?.spanId, name: name(), kind: kind,
            start: Tracer.nowNanos())
        span.attributes = attributes()
        return span
    }

    /// Starts a child of `parent`, or returns `nil` when there is no (sampled) parent: a
    /// child span never starts a trace of its own (`name` and `attributes` are then not
    /// evaluated).
    public static func child(
        _ name: @autoclosure () -> String, kind: SpanData.Kind, of parent: TraceContext?,
        attributes: @autoclosure () -> [(String, SpanData.Value)] = []
    ) -> OpenSpan? {
        guard let parent, parent.sampled else { return nil }
        return start(name(), kind: kind, parent: parent, attributes: attributes())
    }

    /// Adds an attribute.
    public mutating func set(_ key: String, _ value: SpanData.Value) { attributes.append((key, value)) }

    /// Ends the span now (status `ERROR` with `error` when set) and hands it to the exporter.
    public func end(error: String? = nil) { end(at: Tracer.nowNanos(), error: error) }

    /// Ends the span at `endNanos` (nanoseconds since the Unix epoch).
    public func end(at endNanos: UInt64, error: String? = nil) {
        tracer.end(
            SpanData(
                context: context, parentSpanId: parentSpanId, name: name, kind: kind, startNanos: start,
                endNanos: max(start, endNanos), attributes: attributes, error: error))
    }
}

extension OpenSpan {
    /// Runs `body` inside a child span of `parent` (none when `parent` is `nil` or not
    /// sampled); a thrown error ends the span with status `ERROR` and is rethrown.
    /// `describe` names a thrown error's stable code (`error.type`), e.g. `smtp.unavailable`.
    public static func around<T>(
        _ name: String, kind: SpanData.Kind, of parent: TraceContext?,
        attributes: [(String, SpanData.Value)] = [],
        describe: (any Error) -> String = { String(describing: $0) },
        _ body: () throws -> T
    ) rethrows -> T {
        guard var span = child(name, kind: kind, of: parent, attributes: attributes) else { return try body() }
        do {
            let value = try body()
            span.end()
            return value
        } catch {
            let code = describe(error)
            span.set("error.type", .string(code))
            span.end(error: code)
            throw error
        }
    }
}

extension HandlerContext {
    /// The trace context of the message being handled (its consumer span) while it is
    /// traced, else `nil`: the parent of any span a handler opens (``OpenSpan/around(_:kind:of:attributes:describe:_:)``).
    public var traceContext: TraceContext? { worker.traceSlot.context }
}
