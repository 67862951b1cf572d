import Foundation
import HTTPServer
import RuntimeCore

/// `/sim/rate_limits`: read (`GET`) or set (`POST profile=off|test|live|auto`, `global=N`,
/// `endpoint=N`; 0 turns that limit off, an omitted figure is the profile's) the per-key rate
/// limits, with the requests refused by reason and the requests admitted while a limit applied.
/// Also the 429 answer itself and its Prometheus lines.
extension StripeSimulator {
    /// Answers `/sim/rate_limits`.
    func rateLimitsCall(_ method: String, _ args: ControlArguments) throws(ControlError) -> HTTPResponse {
        switch method {
        case "GET":
            try args.requireOnly([])
        case "POST":
            try args.requireOnly(["profile", "global", "endpoint"])
            var limits = rateLimiter.current
            if let name = try args.string("profile") {
                guard let profile = SimRateLimits.Profile(rawValue: name) else {
                    throw ControlError("Invalid profile: use off, test, live or auto.", param: "profile")
                }
                limits = SimRateLimits(profile: profile)
            }
            if let global = try args.double("global", in: 0...1_000_000) { limits.global = global }
            if let endpoint = try args.double("endpoint", in: 0...1_000_000) { limits.endpoint = endpoint }
            rateLimiter.current = limits
        default:
            throw ControlError("Unrecognized control request (\(method) /sim/rate_limits).", status: 404)
        }
        return Self.ok(rateLimitsJSON)
    }

    /// `{object: "sim.rate_limits", profile, global, endpoint, rate_limited: {reason: n}, rate_limited_total, admitted}`.
    var rateLimitsJSON: JSONValue {
        let limits = rateLimiter.current
        let counts = rateLimiter.counts
        var refused: [String: JSONValue] = [:]
        for (reason, count) in counts.refused { refused[reason] = .int(count) }
        return [
            "object": "sim.rate_limits", "profile": .string(limits.profile.rawValue),
            "global": limits.global.map { .double($0) } ?? .null,
            "endpoint": limits.endpoint.map { .double($0) } ?? .null,
            "rate_limited": .object(refused),
            "rate_limited_total": .int(counts.refused.values.reduce(0, +)),
            "admitted": .int(counts.admitted),
        ]
    }

    /// Stripe's answer to a request over a rate limit: 429, `invalid_request_error` with
    /// `code: rate_limit`, `Stripe-Rate-Limited-Reason` (`global-rate`, `endpoint-rate`) and
    /// `Stripe-Should-Retry: true`. No `Retry-After` (Stripe documents none; clients back off).
    static func rateLimitError(reason: String) -> SimError {
        var error = SimError(
            status: 429, type: "invalid_request_error", code: "rate_limit",
            message: "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.")
        error.headers["Stripe-Rate-Limited-Reason"] = reason
        error.headers["Stripe-Should-Retry"] = "true"
        return error
    }

    /// The key of an `Authorization: Bearer …` header (empty when there is none).
    static func bearerKey(_ header: String?) -> String {
        guard let header, header.hasPrefix("Bearer ") else { return header ?? "" }
        return String(header.dropFirst("Bearer ".count))
    }

    /// Requests answered 429 by the enforced rate limits so far (every reason).
    public var rateLimitedCount: Int { rateLimiter.counts.refused.values.reduce(0, +) }

    /// `stripe_sim_rate_limited_total{reason}`: requests refused by the enforced limits, from
    /// the rate limiter's own counts (which a reset clears), in the Prometheus text format.
    func rateLimitMetrics() -> String {
        let registry = MetricsRegistry()
        let refused = registry.counter(
            "stripe_sim_rate_limited_total",
            help: "API requests answered 429 by the enforced rate limits, by Stripe-Rate-Limited-Reason.", labels: ["reason"])
        for (reason, count) in rateLimiter.counts.refused { refused.increment(reason, by: Double(count)) }
        return registry.render()
    }
}
