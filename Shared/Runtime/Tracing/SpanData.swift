/// One finished span, as exported: ids, name, kind, times, attributes and status.
/// Attribute names follow OpenTelemetry's semantic conventions (`messaging.*`, `http.*`,
/// `db.*`, `server.*`).
public struct SpanData: Sendable, Equatable {
    /// OTLP's `SpanKind`.
    public enum Kind: Int, Sendable {
        case `internal` = 1, server = 2, client = 3, producer = 4, consumer = 5
    }

    /// An attribute value.
    public enum Value: Sendable, Equatable {
        case string(String)
        case int(Int)
        case bool(Bool)
        /// Encoded as a JSON number; NaN and the infinities as `"NaN"`, `"Infinity"`, `"-Infinity"`.
        case double(Double)
    }

    /// The span's context (trace id, its own id, sampled).
    public var context: TraceContext
    /// The parent span's id, `nil` for a root span.
    public var parentSpanId: String?
    /// E.g. `payments.create_checkout_session process`, `POST /v1/checkout/sessions`.
    public var name: String
    /// Consumer, client, server, producer or internal.
    public var kind: Kind
    /// Start and end, nanoseconds since the Unix epoch.
    public var startNanos: UInt64
    public var endNanos: UInt64
    /// Attributes in the order they were set.
    public var attributes: [(String, Value)]
    /// `nil` when the span succeeded, else the error's description (status `ERROR`).
    public var error: String?

    /// A span.
    public init(
        context: TraceContext, parentSpanId: String?, name: String, kind: Kind, startNanos: UInt64,
        endNanos: UInt64, attributes: [(String, Value)] = [], error: String? = nil
    ) {
        self.context = context
        self.parentSpanId = parentSpanId
        self.name = name
        self.kind = kind
        self.startNanos = startNanos
        self.endNanos = endNanos
        self.attributes = attributes
        self.error = error
    }

    public static func == (a: SpanData, b: SpanData) -> Bool {
        a.context == b.context && a.parentSpanId == b.parentSpanId && a.name == b.name && a.kind == b.kind
            && a.startNanos == b.startNanos && a.endNanos == b.endNanos && a.error == b.error
            && a.attributes.map(\.0) == b.attributes.map(\.0) && a.attributes.map(\.1) == b.attributes.map(\.1)
    }
}
