import CShims
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The process's OpenTelemetry tracer: samples, builds span ids and hands finished spans
/// to its ``SpanExporter``. Off unless `OTEL_EXPORTER_OTLP_ENDPOINT` (or
/// `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set; see ``fromEnvironment(_:serviceName:log:)``.
///
/// Thread-safety: `Sendable`.
public final class Tracer: Sendable {
    /// `service.name` of every span (`OTEL_SERVICE_NAME`, else the service's name).
    public let serviceName: String
    /// Which traces are recorded.
    public let sampler: TraceSampler
    /// Where finished spans go.
    public let exporter: SpanExporter

    /// The installed tracer, read without a lock: every span site asks for it (16 webhook
    /// request threads at once, each worker per message), and a mutex there is contended.
    private static let installed = Atomic<Unmanaged<Tracer>?>(nil)
    /// Every tracer ever installed, kept alive so that a reader's unretained reference in
    /// ``installed`` stays valid after ``uninstall(_:)`` (a process installs one; tests a few).
    private static let everInstalled = Mutex<[Tracer]>([])

    /// The tracer ``ServiceHost`` installed, `nil` when tracing is off.
    public static var current: Tracer? { installed.load(ordering: .acquiring)?.takeUnretainedValue() }

    /// Makes `tracer` the process's tracer (`nil` turns tracing off).
    public static func install(_ tracer: Tracer?) {
        guard let tracer else { return installed.store(nil, ordering: .releasing) }
        everInstalled.withLock { kept in
            if !kept.contains(where: { $0 === tracer }) { kept.append(tracer) }
        }
        installed.store(Unmanaged.passUnretained(tracer), ordering: .releasing)
    }

    /// Turns tracing off if `tracer` is still the process's tracer.
    public static func uninstall(_ tracer: Tracer) {
        _ = installed.compareExchange(
            expected: Unmanaged.passUnretained(tracer), desired: nil, ordering: .acquiringAndReleasing)
    }

    /// A tracer.
    public init(serviceName: String, sampler: TraceSampler, exporter: SpanExporter) {
        self.serviceName = serviceName
        self.sampler = sampler
        self.exporter = exporter
    }

    /// The tracer the standard variables describe, or `nil` when tracing is off (no
    /// endpoint, `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`):
    /// `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (used as is) or `OTEL_EXPORTER_OTLP_ENDPOINT`
    /// (`/v1/traces` appended); `OTEL_EXPORTER_OTLP_PROTOCOL` must be unset or `http/json`;
    /// `OTEL_SERVICE_NAME`; `OTEL_TRACES_SAMPLER`, `OTEL_TRACES_SAMPLER_ARG`;
    /// `OTEL_BSP_SCHEDULE_DELAY` (ms, default 5000), `OTEL_BSP_MAX_QUEUE_SIZE` (2048),
    /// `OTEL_BSP_MAX_EXPORT_BATCH_SIZE` (512).
    /// - Throws: ``TracingConfigError`` naming the variable with a bad value.
    public static func fromEnvironment(
        _ env: [String: String], serviceName: String,
        log: Logger
    ) throws(TracingConfigError) -> Tracer? {
        if env["OTEL_SDK_DISABLED"]?.lowercased() == "true" { return nil }
        if let exporter = env["OTEL_TRACES_EXPORTER"]?.lowercased(), exporter != "otlp" {
            guard exporter == "none" else {
                throw TracingConfigError(variable: "OTEL_TRACES_EXPORTER", message: "only otlp or none, got \(exporter)")
            }
            return nil
        }
        let url: String
        if let traces = env["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"], !traces.isEmpty {
            url = traces
        } else if let base = env["OTEL_EXPORTER_OTLP_ENDPOINT"], !base.isEmpty {
            url = (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/v1/traces"
        } else {
            return nil
        }
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            throw TracingConfigError(variable: "OTEL_EXPORTER_OTLP_ENDPOINT", message: "must be an http:// or https:// URL")
        }
        for name in ["OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "OTEL_EXPORTER_OTLP_PROTOCOL"] {
            if let protocolName = env[name], protocolName != "http/json" {
                throw TracingConfigError(variable: name, message: "only http/json is supported, got \(protocolName)")
            }
        }
        func number(_ name: String, _ fallback: Int) throws(TracingConfigError) -> Int {
            guard let text = env[name] else { return fallback }
            guard let value = Int(text), value > 0 else {
                throw TracingConfigError(variable: name, message: "must be a positive integer, got \(text)")
            }
            return value
        }
        let sampler = try TraceSampler.from(env["OTEL_TRACES_SAMPLER"], argument: env["OTEL_TRACES_SAMPLER_ARG"])
        let name = env["OTEL_SERVICE_NAME"].flatMap { $0.isEmpty ? nil : $0 } ?? serviceName
        let exporter = SpanExporter(
            url: url, serviceName: name, instanceId: ReplicaIdentity.current,
            capacity: try number("OTEL_BSP_MAX_QUEUE_SIZE", 2048),
            batchSize: try number("OTEL_BSP_MAX_EXPORT_BATCH_SIZE", 512),
            delay: .milliseconds(try number("OTEL_BSP_SCHEDULE_DELAY", 5000)), log: log)
        return Tracer(serviceName: name, sampler: sampler, exporter: exporter)
    }

    /// The context of a new span under `parent` (a new trace when `nil`), or `nil` when the
    /// sampler does not record it.
    public func begin(parent: TraceContext?) -> TraceContext? {
        if let parent {
            guard sampler.shouldSample(traceId: parent.traceId, parent: parent) else { return nil }
            return TraceContext(traceId: parent.traceId, spanId: TraceContext.newSpanId(), sampled: true)
        }
        // A new trace: decide on the random low half before formatting any id, so an
        // unsampled message costs two random numbers (no system call) and no string.
        let high = IdGenerator.next(nonZero: true), low = IdGenerator.next(nonZero: false)
        guard sampler.shouldSampleRoot(low: low) else { return nil }
        return TraceContext(
            traceId: TraceContext.hex(high) + TraceContext.hex(low), spanId: TraceContext.newSpanId(),
            sampled: true)
    }

    /// Hands a finished span to the exporter (never blocks).
    public func end(_ span: SpanData) { exporter.offer(span) }

    /// Nanoseconds since the Unix epoch, now.
    public static func nowNanos() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
