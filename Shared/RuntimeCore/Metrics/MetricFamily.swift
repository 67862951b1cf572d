/// One named metric with its help text, type and a sample per label set.
/// Mutated only under ``MetricsRegistry``'s lock.
struct MetricFamily: Sendable {
    /// Prometheus metric type.
    enum Kind: String, Sendable { case counter, gauge, histogram }

    /// Label values in the family's label order.
    typealias LabelValues = [String]

    let name: String
    let help: String
    let kind: Kind
    let labelNames: [String]
    /// Upper bounds of histogram buckets (ascending, `+Inf` implied).
    let buckets: [Double]
    var values: [LabelValues: Double] = [:]
    var histograms: [LabelValues: HistogramSample] = [:]
}

/// Cumulative bucket counts, sum and count of one histogram series.
struct HistogramSample: Sendable {
    var bucketCounts: [UInt64]
    var sum: Double = 0
    var count: UInt64 = 0

    init(bucketCount: Int) { bucketCounts = Array(repeating: 0, count: bucketCount) }

    mutating func observe(_ value: Double, buckets: [Double]) {
        for (index, bound) in buckets.enumerated() where value <= bound { bucketCounts[index] += 1 }
        sum += value
        count += 1
    }
}
