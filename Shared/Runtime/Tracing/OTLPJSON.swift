import RuntimeCore

/// OTLP/HTTP JSON encoding of spans: an `ExportTraceServiceRequest`
/// (opentelemetry-proto `collector/trace/v1`) with one resource (`service.name`,
/// `service.instance.id`) and one scope (`connectbus`). Ids are hex strings and 64-bit
/// integers decimal strings, as the OTLP specification's JSON encoding requires
/// (https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding).
///
/// The export thread encodes every exported span, so the encoder appends bytes to one
/// buffer reserved for the whole request: no `String` per field, no intermediate arrays;
/// strings that need no escaping (nearly all) are copied in one go.
public enum OTLPJSON {
    /// The request body for `spans` of `serviceName`.
    public static func exportRequest(_ spans: [SpanData], serviceName: String, instanceId: String) -> [UInt8] {
        var out = OTLPJSONWriter(capacity: 256 + spans.reduce(0) { $0 + estimatedSize($1) })
        out.raw(#"{"resourceSpans":[{"resource":{"attributes":["#)
        out.attribute("service.name", .string(serviceName))
        out.byte(UInt8(ascii: ","))
        out.attribute("service.instance.id", .string(instanceId))
        out.raw(#"]},"scopeSpans":[{"scope":{"name":"connectbus","version":"1"},"spans":["#)
        for (index, span) in spans.enumerated() {
            if index > 0 { out.byte(UInt8(ascii: ",")) }
            out.span(span)
        }
        out.raw("]}]}]}")
        return out.bytes
    }

    /// About the bytes `span` takes (exact when nothing needs escaping), so one reservation
    /// usually holds the whole request.
    static func estimatedSize(_ span: SpanData) -> Int {
        var size = 240 + span.name.utf8.count + (span.error?.utf8.count ?? 0)
        for (key, value) in span.attributes {
            size += 40 + key.utf8.count
            if case .string(let text) = value { size += text.utf8.count } else { size += 24 }
        }
        return size
    }
}

/// The byte buffer ``OTLPJSON`` writes into.
struct OTLPJSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func span(_ s: SpanData) {
        raw(#"{"traceId":""#)
        raw(s.context.traceId)
        raw(#"","spanId":""#)
        raw(s.context.spanId)
        if let parent = s.parentSpanId {
            raw(#"","parentSpanId":""#)
            raw(parent)
        }
        raw(#"","name":"#)
        string(s.name)
        raw(#","kind":"#)
        decimal(UInt64(s.kind.rawValue))
        raw(#","startTimeUnixNano":""#)
        decimal(s.startNanos)
        raw(#"","endTimeUnixNano":""#)
        decimal(s.endNanos)
        raw(#"","attributes":["#)
        for (index, (key, value)) in s.attributes.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            attribute(key, value)
        }
        if let error = s.error {
            raw(#"],"status":{"code":2,"message":"#)
            string(error)
            raw("}}")
        } else {
            raw(#"],"status":{"code":1}}"#)
        }
    }

    mutating func attribute(_ key: String, _ value: SpanData.Value) {
        raw(#"{"key":"#)
        string(key)
        raw(#","value":{"#)
        switch value {
        case .string(let text):
            raw(#""stringValue":"#)
            string(text)
        case .int(let number):
            raw(#""intValue":""#)
            if number < 0 { byte(UInt8(ascii: "-")) }
            decimal(UInt64(number.magnitude))
            byte(UInt8(ascii: "\""))
        case .bool(let flag):
            raw(flag ? #""boolValue":true"# : #""boolValue":false"#)
        case .double(let number):
            raw(#""doubleValue":"#)
            if number.isNaN {
                raw(#""NaN""#)
            } else if number.isInfinite {
                raw(number < 0 ? #""-Infinity""# : #""Infinity""#)
            } else {
                raw(number.description)  // shortest round-trip form, e.g. 0.25, 1e-07: a JSON number
            }
        }
        raw("}}")
    }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// `text`'s UTF-8 bytes as they are (JSON syntax, hex ids, numbers).
    mutating func raw(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// `value` in decimal digits.
    mutating func decimal(_ value: UInt64) {
        let start = bytes.count
        var rest = value
        repeat {
            bytes.append(UInt8(truncatingIfNeeded: rest % 10) &+ UInt8(ascii: "0"))
            rest /= 10
        } while rest != 0
        bytes[start...].reverse()
    }

    /// `text` as a JSON string literal (`JSONEscaping.appendQuoted`: escaped as
    /// `JSONText.escape` does, anything else copied as UTF-8).
    mutating func string(_ text: String) { JSONEscaping.appendQuoted(text, to: &bytes) }
}
