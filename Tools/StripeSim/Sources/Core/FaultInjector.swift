import Foundation

/// Decides which fault, if any, a `/v1` request gets: from the test-only `X-Sim-Fault`
/// header (`500`, `429`, `drop`, `latency=<ms>`, comma-separated), from the run-time
/// ``FaultRule``s matching its method and path, and from the start-up ``FaultSettings``
/// (rates, plus a requests-per-second limit over a one-second window). Thread-safe.
final class FaultInjector: @unchecked Sendable {
    /// What to do with one request.
    struct Decision: Equatable {
        var latencyMs = 0
        var fail500 = false
        var rateLimited = false
        var drop = false
        /// The rules that applied.
        var rules: [String] = []

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
    private var rules: [FaultRule] = []
    private var windowSecond = 0
    private var windowCount = 0
    private let random: IDGenerator

    init(settings: FaultSettings, random: IDGenerator) {
        self.settings = settings
        self.random = random
    }

    /// The start-up settings (changeable while running).
    var current: FaultSettings {
        get { lock.lock(); defer { lock.unlock() }; return settings }
        set { lock.lock(); settings = newValue; lock.unlock() }
    }

    /// The run-time rules, oldest first.
    var currentRules: [FaultRule] {
        lock.lock()
        defer { lock.unlock() }
        return rules
    }

    /// Adds a rule.
    func add(_ rule: FaultRule) {
        lock.lock()
        rules.append(rule)
        lock.unlock()
    }

    /// Removes the rule `id`; false when there is none.
    func remove(id: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let before = rules.count
        rules.removeAll { $0.id == id }
        return rules.count != before
    }

    /// Removes every rule and the start-up settings (faults off).
    func clear() {
        lock.lock()
        rules.removeAll()
        settings = FaultSettings()
        lock.unlock()
    }

    /// The decision for one request `method` `path` carrying `header` (the `X-Sim-Fault` value).
    func decide(method: String = "GET", path: String = "/v1", header: String?) -> Decision {
        var decision = Decision()
        lock.lock()
        let settings = self.settings
        let second = Int(Date().timeIntervalSince1970)
        if second != windowSecond { windowSecond = second; windowCount = 0 }
        windowCount += 1
        if let limit = settings.rateLimitPerSecond, windowCount > limit { decision.rateLimited = true }
        for index in rules.indices where rules[index].matches(method: method, path: path) {
            rules[index].hits += 1
            if let left = rules[index].remaining { rules[index].remaining = left - 1 }
            let rule = rules[index]
            decision.rules.append(rule.id)
            decision.latencyMs = max(decision.latencyMs, rule.latencyMs)
            if rule.errorRate > 0, random.unit() < rule.errorRate { decision.fail500 = true }
            if rule.rateLimitRate > 0, random.unit() < rule.rateLimitRate { decision.rateLimited = true }
            if rule.dropRate > 0, random.unit() < rule.dropRate { decision.drop = true }
        }
        lock.unlock()
        decision.latencyMs = max(decision.latencyMs, settings.latencyMs)
        if settings.failRate > 0, random.unit() < settings.failRate { decision.fail500 = true }
        if settings.dropRate > 0, random.unit() < settings.dropRate { decision.drop = true }
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
