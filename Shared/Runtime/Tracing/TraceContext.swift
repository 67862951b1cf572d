import Synchronization

/// A W3C Trace Context (`traceparent`, https://www.w3.org/TR/trace-context/): the trace
/// id (32 lower-case hex digits), the id of the span that is the parent of what comes next
/// (16 hex digits) and the `sampled` flag.
public struct TraceContext: Sendable, Equatable {
    /// 32 lower-case hex digits, not all zero.
    public let traceId: String
    /// 16 lower-case hex digits, not all zero.
    public let spanId: String
    /// The `sampled` trace flag (bit 0 of `trace-flags`).
    public let sampled: Bool

    /// A context from its parts (not checked).
    public init(traceId: String, spanId: String, sampled: Bool) {
        self.traceId = traceId
        self.spanId = spanId
        self.sampled = sampled
    }

    /// Parses `00-<trace-id>-<parent-id>-<flags>`; `nil` for anything else (a version
    /// other than `00` is read by its first four fields, as the specification asks).
    public init?(traceparent: String) {
        let parts = traceparent.trimmingCharacters(in: " \t").split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[0].count == 2, parts[0] != "ff", Self.isHex(parts[0]),
            parts[0] != "00" || parts.count == 4,
            parts[1].count == 32, Self.isHex(parts[1]), parts[1] != Substring(String(repeating: "0", count: 32)),
            parts[2].count == 16, Self.isHex(parts[2]), parts[2] != Substring(String(repeating: "0", count: 16)),
            parts[3].count == 2, Self.isHex(parts[3]), let flags = UInt8(parts[3], radix: 16)
        else { return nil }
        self.init(traceId: String(parts[1]), spanId: String(parts[2]), sampled: flags & 1 == 1)
    }

    /// The `traceparent` header value (version `00`).
    public var traceparent: String { "00-\(traceId)-\(spanId)-\(sampled ? "01" : "00")" }

    /// A random trace id.
    public static func newTraceId() -> String { hex(IdGenerator.next(nonZero: true)) + hex(IdGenerator.next(nonZero: false)) }

    /// A random span id.
    public static func newSpanId() -> String { hex(IdGenerator.next(nonZero: true)) }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func isHex(_ text: Substring) -> Bool {
        text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// Random 64-bit ids without a system call each: SplitMix64 over an atomic counter seeded
/// once from the system's generator (ids must be unique and unpredictable enough to not
/// collide, not secret; the W3C specification asks for random ids, not cryptographic ones).
enum IdGenerator {
    private static let state = Atomic<UInt64>(UInt64.random(in: 0...UInt64.max))

    /// The next id; with `nonZero` never 0.
    static func next(nonZero: Bool) -> UInt64 {
        while true {
            var z = state.wrappingAdd(0x9E37_79B9_7F4A_7C15, ordering: .relaxed).newValue
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            if z != 0 || !nonZero { return z }
        }
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        let skip = Set(set)
        var slice = Substring(self)
        while let first = slice.first, skip.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, skip.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
