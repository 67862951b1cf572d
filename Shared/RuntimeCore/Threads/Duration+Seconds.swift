extension Duration {
    /// The duration in (fractional) seconds, for metrics (histograms observe seconds) and for
    /// log fields in milliseconds (`Int(d.seconds * 1000)`). Pure.
    public var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
