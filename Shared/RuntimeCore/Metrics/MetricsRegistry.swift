#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Counters, gauges and histograms, rendered in the Prometheus text exposition format
/// (version 0.0.4) for `/metrics`.
///
/// Register a family once with ``counter(_:help:labels:)``, ``gauge(_:help:labels:)`` or
/// ``histogram(_:help:labels:buckets:)`` and keep the returned handle; registering the
/// same name again returns a handle to the existing family. Label values are given in the
/// order of the family's label names.
///
/// Thread-safety: `Sendable`; every operation takes one short lock.
public final class MetricsRegistry: Sendable {
    /// Default histogram buckets in seconds (5 ms … 10 s).
    public static let defaultBuckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
    /// Buckets in seconds (50 µs … 1 s) for the stages of a request that take a few hundred
    /// microseconds on a local server: a group commit's wait and write, the webhook checks.
    public static let stageBuckets: [Double] = [
        0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.004, 0.006, 0.008, 0.010, 0.015, 0.025, 0.05, 0.1, 0.25, 1,
    ]

    private let families = Mutex<[String: MetricFamily]>([:])

    /// Creates an empty registry.
    public init() {}

    /// Registers (or finds) a counter family.
    public func counter(_ name: String, help: String, labels: [String] = []) -> Counter {
        register(MetricFamily(name: name, help: help, kind: .counter, labelNames: labels, buckets: []))
        return Counter(registry: self, name: name)
    }

    /// Registers (or finds) a gauge family.
    public func gauge(_ name: String, help: String, labels: [String] = []) -> Gauge {
        register(MetricFamily(name: name, help: help, kind: .gauge, labelNames: labels, buckets: []))
        return Gauge(registry: self, name: name)
    }

    /// Registers (or finds) a histogram family with ascending `buckets` (upper bounds).
    public func histogram(
        _ name: String, help: String, labels: [String] = [],
        buckets: [Double] = MetricsRegistry.defaultBuckets
    ) -> Histogram {
        register(
            MetricFamily(
                name: name, help: help, kind: .histogram, labelNames: labels,
                buckets: buckets.sorted()))
        return Histogram(registry: self, name: name)
    }

    private func register(_ family: MetricFamily) {
        families.withLock { all in
            if all[family.name] == nil { all[family.name] = family }
        }
    }

    func add(_ name: String, _ labels: [String], _ delta: Double) {
        families.withLock { all in all[name]?.values[labels, default: 0] += delta }
    }

    func set(_ name: String, _ labels: [String], _ value: Double) {
        families.withLock { all in all[name]?.values[labels] = value }
    }

    func observe(_ name: String, _ labels: [String], _ value: Double) {
        families.withLock { all in
            guard let buckets = all[name]?.buckets else { return }
            all[name]?.histograms[labels, default: HistogramSample(bucketCount: buckets.count)]
                .observe(value, buckets: buckets)
        }
    }

    /// The current value of a counter or gauge series, or `nil` if it was never touched.
    public func value(_ name: String, labels: [String] = []) -> Double? {
        families.withLock { all in all[name]?.values[labels] }
    }

    /// All families in the Prometheus text format, sorted by name and label values.
    public func render() -> String {
        let snapshot = families.withLock { $0 }
        var output = ""
        for name in snapshot.keys.sorted() {
            guard let family = snapshot[name] else { continue }
            PrometheusText.append(family, to: &output)
        }
        return output
    }
}
