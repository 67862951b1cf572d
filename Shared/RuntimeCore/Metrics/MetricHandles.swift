/// A handle to a counter family of a ``MetricsRegistry``. Thread-safe.
public struct Counter: Sendable {
    let registry: MetricsRegistry
    /// The family's name.
    public let name: String

    /// Adds `amount` (≥ 0) to the series with `labels` (values in label-name order).
    public func increment(_ labels: String..., by amount: Double = 1) {
        registry.add(name, labels, max(0, amount))
    }
}

/// A handle to a gauge family of a ``MetricsRegistry``. Thread-safe.
public struct Gauge: Sendable {
    let registry: MetricsRegistry
    /// The family's name.
    public let name: String

    /// Sets the series with `labels` to `value`.
    public func set(_ value: Double, _ labels: String...) { registry.set(name, labels, value) }

    /// Sets the series with `labels` (an array, in label-name order) to `value`; for label
    /// values known only at run time (the database-gauge sampler's rows).
    package func set(_ value: Double, _ labels: [String]) { registry.set(name, labels, value) }
}

/// A handle to a histogram family of a ``MetricsRegistry``. Thread-safe.
public struct Histogram: Sendable {
    let registry: MetricsRegistry
    /// The family's name.
    public let name: String

    /// Records one observation (seconds for latency histograms) in the series with `labels`.
    public func observe(_ value: Double, _ labels: String...) { registry.observe(name, labels, value) }
}
