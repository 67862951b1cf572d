import Foundation

/// Decides which fault, if any, a request gets: from the test-only `X-Sim-Fault` header
/// (`500`, `429`, `drop`, `latency=<ms>`, comma-separated) or from the configured rates,
/// plus a requests-per-second limit over a one-second window. Thread-safe.
final class FaultInjector: @unchecked Sendable {
    /// What to do with one request.
    struct Decision: Equatable {
        var latencyMs = 0
        var fail500 = false
        var rateLimited = false
        var drop = false

        /// A label for the request log, or nil when nothing was injected.
        var label: String? {
            var parts: [String] = []
            if latencyMs > 0 { parts.append("latency=\(latencyMs)") }
            if fail500 { parts.append("500") }
            if rateLimited { parts.append("429") }
            if drop { parts.append("drop") }
            return parts.isEmpty ? nil : parts.joined(separator: ",")
        }
    }

    private let lock = NSLock()
    private var settings: FaultSettings
    private var windowSecond = 0
    private var windowCount = 0

    init(settings: FaultSettings) { self.settings = settings }

    /// The current settings (changeable while running).
    var current: FaultSettings {
        get { lock.lock(); defer { lock.unlock() }; return settings }
        set { lock.lock(); settings = newValue; lock.unlock() }
    }

    /// The decision for one request carrying `header` (the `X-Sim-Fault` value).
    func decide(header: String?) -> Decision {
        var decision = Decision()
        lock.lock()
        let settings = self.settings
        let second = Int(Date().timeIntervalSince1970)
        if second != windowSecond { windowSecond = second; windowCount = 0 }
        windowCount += 1
        if let limit = settings.rateLimitPerSecond, windowCount > limit { decision.rateLimited = true }
        lock.unlock()
        decision.latencyMs = settings.latencyMs
        if settings.failRate > 0, Double.random(in: 0..<1) < settings.failRate { decision.fail500 = true }
        if settings.dropRate > 0, Double.random(in: 0..<1) < settings.dropRate { decision.drop = true }
        for token in (header ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            switch token {
            case "500": decision.fail500 = true
            case "429": decision.rateLimited = true
            case "drop": decision.drop = true
            default:
                if token.hasPrefix("latency="), let ms = Int(token.dropFirst("latency=".count)) {
                    decision.latencyMs = ms
                }
            }
        }
        return decision
    }
}
