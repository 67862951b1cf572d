/// Renders metric families in the Prometheus text exposition format 0.0.4
/// (`# HELP`, `# TYPE`, samples; histograms as `_bucket{le=…}`, `_sum`, `_count`).
enum PrometheusText {
    static func append(_ family: MetricFamily, to output: inout String) {
        output += "# HELP \(family.name) \(escapeHelp(family.help))\n"
        output += "# TYPE \(family.name) \(family.kind.rawValue)\n"
        switch family.kind {
        case .counter, .gauge:
            for labels in family.values.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                let value = family.values[labels] ?? 0
                output += family.name + labelText(family.labelNames, labels) + " " + number(value) + "\n"
            }
        case .histogram:
            for labels in family.histograms.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                guard let sample = family.histograms[labels] else { continue }
                for (index, bound) in family.buckets.enumerated() {
                    let text = labelText(family.labelNames + ["le"], labels + [number(bound)])
                    output += "\(family.name)_bucket\(text) \(sample.bucketCounts[index])\n"
                }
                output += "\(family.name)_bucket\(labelText(family.labelNames + ["le"], labels + ["+Inf"])) \(sample.count)\n"
                output += "\(family.name)_sum\(labelText(family.labelNames, labels)) \(number(sample.sum))\n"
                output += "\(family.name)_count\(labelText(family.labelNames, labels)) \(sample.count)\n"
            }
        }
    }

    static func labelText(_ names: [String], _ values: [String]) -> String {
        guard !names.isEmpty else { return "" }
        let pairs = zip(names, values).map { "\($0)=\"\(escapeLabel($1))\"" }
        return "{" + pairs.joined(separator: ",") + "}"
    }

    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    static func escapeLabel(_ value: String) -> String {
        escape(value, quotes: true)
    }

    static func escapeHelp(_ value: String) -> String {
        escape(value, quotes: false)
    }

    /// Backslash, line feed and (for label values) double quote escaped as the text
    /// format requires; every other scalar unchanged.
    private static func escape(_ value: String, quotes: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\"" where quotes: out.append(contentsOf: "\\\"".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
