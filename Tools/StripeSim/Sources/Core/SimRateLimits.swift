/// Stripe's request rate limits as the simulator enforces them (https://docs.stripe.com/rate-limits):
/// per API key, a global budget (live mode 100 requests/s, sandbox 25/s) and one per endpoint
/// (25/s by default), an endpoint being the method and the path with ids replaced
/// (`GET /v1/payment_intents/{id}`: different ids share it).
///
/// Profiles: `off` (the default: nothing limited), `test` and `live` (those figures for every
/// key), `auto` (live figures for `sk_live_`/`rk_live_` keys, test figures for others).
/// `global`/`endpoint` override the profile's figures (0: that limit off).
/// Thread-safety: a value.
public struct SimRateLimits: Sendable, Equatable {
    /// Which figures apply.
    public enum Profile: String, Sendable, Equatable {
        case off, test, live, auto
    }

    /// The profile.
    public var profile: Profile = .off
    /// Requests per second per key overall, overriding the profile's (0: off).
    public var global: Double?
    /// Requests per second per key and endpoint, overriding the profile's (0: off).
    public var endpoint: Double?

    /// No limits.
    public init(profile: Profile = .off, global: Double? = nil, endpoint: Double? = nil) {
        self.profile = profile
        self.global = global
        self.endpoint = endpoint
    }

    /// The limits (requests/s; nil = none) for requests made with `key`.
    func figures(forKey key: String) -> (global: Double?, endpoint: Double?) {
        let live: Bool
        switch profile {
        case .off: return (nil, nil)
        case .test: live = false
        case .live: live = true
        case .auto: live = key.hasPrefix("sk_live_") || key.hasPrefix("rk_live_")
        }
        let globalRate = global ?? (live ? 100 : 25)
        let endpointRate = endpoint ?? 25
        return (globalRate > 0 ? globalRate : nil, endpointRate > 0 ? endpointRate : nil)
    }

    /// Parses the command line's `off|test|live|auto[,global=N][,endpoint=N]`; nil when malformed.
    static func parse(_ text: String) -> SimRateLimits? {
        var items = text.split(separator: ",").map(String.init)
        guard let first = items.first, let profile = Profile(rawValue: first) else { return nil }
        items.removeFirst()
        var limits = SimRateLimits(profile: profile)
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let number = Double(parts[1]), number >= 0 else { return nil }
            switch parts[0] {
            case "global": limits.global = number
            case "endpoint": limits.endpoint = number
            default: return nil
            }
        }
        return limits
    }
}
