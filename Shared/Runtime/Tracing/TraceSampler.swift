/// Which traces are recorded, from `OTEL_TRACES_SAMPLER` and `OTEL_TRACES_SAMPLER_ARG`
/// (OpenTelemetry's environment variables): `always_on`, `always_off`, `traceidratio`,
/// `parentbased_always_on` (the default), `parentbased_always_off`, `parentbased_traceidratio`.
/// A parent-based sampler follows the `sampled` flag of an incoming `traceparent`, and
/// decides as its root sampler when there is none. The ratio compares the trace id's last
/// 16 hex digits with `ratio × 2⁶⁴`, so every service decides the same for one trace.
public enum TraceSampler: Sendable, Equatable {
    case alwaysOn
    case alwaysOff
    case ratio(Double)
    indirect case parentBased(root: TraceSampler)

    /// The sampler the variables name.
    /// - Throws: a message naming the variable when a value is unknown or the ratio is not in 0…1.
    public static func from(_ name: String?, argument: String?) throws(TracingConfigError) -> TraceSampler {
        func ratio() throws(TracingConfigError) -> Double {
            guard let argument else { return 1 }
            guard let value = Double(argument), (0...1).contains(value) else {
                throw TracingConfigError(variable: "OTEL_TRACES_SAMPLER_ARG", message: "must be a ratio from 0 to 1, got \(argument)")
            }
            return value
        }
        switch (name ?? "parentbased_always_on").lowercased() {
        case "always_on": return .alwaysOn
        case "always_off": return .alwaysOff
        case "traceidratio": return .ratio(try ratio())
        case "parentbased_always_on": return .parentBased(root: .alwaysOn)
        case "parentbased_always_off": return .parentBased(root: .alwaysOff)
        case "parentbased_traceidratio": return .parentBased(root: .ratio(try ratio()))
        case let other:
            throw TracingConfigError(variable: "OTEL_TRACES_SAMPLER", message: "unknown sampler \(other)")
        }
    }

    /// Whether a span of trace `traceId` with `parent` (from an incoming message) is recorded.
    public func shouldSample(traceId: String, parent: TraceContext?) -> Bool {
        switch self {
        case .alwaysOn: return true
        case .alwaysOff: return false
        case .ratio: return shouldSampleRoot(low: UInt64(traceId.suffix(16), radix: 16) ?? 0)
        case .parentBased(let root):
            if let parent { return parent.sampled }
            return root.shouldSample(traceId: traceId, parent: nil)
        }
    }

    /// The decision for a new trace whose id ends in the 64-bit `low`.
    public func shouldSampleRoot(low: UInt64) -> Bool {
        switch self {
        case .alwaysOn: return true
        case .alwaysOff: return false
        case .ratio(let ratio): return ratio >= 1 || Double(low) < ratio * 18_446_744_073_709_551_616.0
        case .parentBased(let root): return root.shouldSampleRoot(low: low)
        }
    }
}

/// A tracing variable with a bad value.
public struct TracingConfigError: Error, Sendable, Equatable {
    /// The variable, e.g. `OTEL_TRACES_SAMPLER`.
    public let variable: String
    /// What is wrong.
    public let message: String
}
