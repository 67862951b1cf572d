/// A fault applied at run time to `/v1` requests whose method and path match
/// (`POST /sim/faults`). Shares are probabilities in 0...1 drawn per matching request
/// (from the seed when the simulator has one); `remaining` limits the rule to the next N
/// matching requests, which makes a test exact.
public struct FaultRule: Sendable, Equatable {
    /// `fault_…`.
    public var id: String
    /// `GET`, `POST`, `DELETE` or `*` (any).
    public var method: String
    /// Path pattern: `*` matches any run of characters within one segment, `**` any run
    /// including `/` (e.g. `/v1/payment_intents/*/confirm`, `/v1/**`).
    public var path: String
    /// Share answered `500 api_error` before anything runs.
    public var errorRate: Double
    /// Share answered `429 rate_limit` before anything runs.
    public var rateLimitRate: Double
    /// Share whose connection is closed after the request ran (an idempotent retry replays it).
    public var dropRate: Double
    /// Milliseconds added before the request is handled.
    public var latencyMs: Int
    /// Matching requests left before the rule stops applying (nil: no limit).
    public var remaining: Int?
    /// Matching requests so far.
    public var hits: Int = 0

    /// Builds a rule.
    public init(
        id: String, method: String = "*", path: String = "/v1/**", errorRate: Double = 0, rateLimitRate: Double = 0,
        dropRate: Double = 0, latencyMs: Int = 0, remaining: Int? = nil
    ) {
        self.id = id
        self.method = method.uppercased()
        self.path = path
        self.errorRate = errorRate
        self.rateLimitRate = rateLimitRate
        self.dropRate = dropRate
        self.latencyMs = latencyMs
        self.remaining = remaining
    }

    /// Whether the rule applies to `method` `path` (and has uses left).
    func matches(method: String, path: String) -> Bool {
        (remaining ?? 1) > 0 && (self.method == "*" || self.method == method) && Self.glob(self.path, path)
    }

    /// `{id, method, path, error_rate, rate_limit_rate, drop_rate, latency_ms, remaining, hits}`.
    public var json: JSONValue {
        [
            "id": .string(id), "object": "sim.fault", "method": .string(method), "path": .string(path),
            "error_rate": .double(errorRate), "rate_limit_rate": .double(rateLimitRate), "drop_rate": .double(dropRate),
            "latency_ms": .int(latencyMs), "remaining": .optional(remaining), "hits": .int(hits),
        ]
    }

    /// Matches `pattern` (`*` within a segment, `**` across segments) against `text`.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.utf8), t = Array(text.utf8)
        func match(_ i: Int, _ j: Int) -> Bool {
            if i == p.count { return j == t.count }
            if p[i] == UInt8(ascii: "*") {
                let across = i + 1 < p.count && p[i + 1] == UInt8(ascii: "*")
                let next = across ? i + 2 : i + 1
                var k = j
                while true {
                    if match(next, k) { return true }
                    guard k < t.count, across || t[k] != UInt8(ascii: "/") else { return false }
                    k += 1
                }
            }
            return j < t.count && p[i] == t[j] && match(i + 1, j + 1)
        }
        return match(0, 0)
    }
}
