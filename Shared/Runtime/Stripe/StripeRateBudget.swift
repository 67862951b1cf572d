import StripeAPI

/// The Stripe request budget one API key shares across the whole fleet (`STRIPE_RATE_LIMITS`,
/// e.g. `global=100,endpoint=25`), in requests per second.
///
/// Stripe's figures (https://docs.stripe.com/rate-limits): live mode 100 requests/s per
/// account overall, sandbox (test mode) 25/s, and by default 25/s for each endpoint, where
/// an endpoint is a named operation (`POST /v1/payment_intents` and
/// `GET /v1/payment_intents/{id}` are two; requests for different ids count as one).
/// `burst` is the GCRA burst tolerance in seconds of the rate (default 0.1 s: 10 requests
/// ahead at 100/s), kept well under Stripe's one-second window so a burst never crosses it.
/// Thread-safety: an immutable value.
public struct StripeRateBudget: Sendable, Equatable {
    /// Requests per second for the key overall.
    public var global: Double
    /// Requests per second for each endpoint (nil: only the global budget applies).
    public var endpoint: Double?
    /// Burst tolerance in seconds (0…1).
    public var burstSeconds: Double

    /// A budget; `endpoint` defaults to Stripe's 25/s, `burstSeconds` to 0.1.
    public init(global: Double, endpoint: Double? = 25, burstSeconds: Double = 0.1) {
        self.global = global
        self.endpoint = endpoint
        self.burstSeconds = burstSeconds
    }

    /// Parses `global=N[,endpoint=N|none][,burst=SECONDS]` (spaces allowed around items).
    /// - Throws: a message naming the first bad item (the caller reports it with the
    ///   variable's name): unknown names, missing `global`, numbers out of 0.1…10000
    ///   (burst 0…1).
    public static func parse(_ text: String) throws(StripeRateBudgetError) -> StripeRateBudget {
        var global: Double?
        var endpoint: Double? = 25
        var burst = 0.1
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces() }
            guard parts.count == 2 else { throw StripeRateBudgetError(message: "expected name=value, got '\(item)'") }
            let (name, value) = (parts[0], parts[1])
            if name == "endpoint", value == "none" { endpoint = nil; continue }
            guard let number = Double(value), number.isFinite else {
                throw StripeRateBudgetError(message: "\(name): not a number: '\(value)'")
            }
            switch name {
            case "global":
                guard (0.1...10_000).contains(number) else { throw StripeRateBudgetError(message: "global must be 0.1…10000") }
                global = number
            case "endpoint":
                guard (0.1...10_000).contains(number) else { throw StripeRateBudgetError(message: "endpoint must be 0.1…10000 or none") }
                endpoint = number
            case "burst":
                guard (0...1).contains(number) else { throw StripeRateBudgetError(message: "burst must be 0…1 (seconds)") }
                burst = number
            default:
                throw StripeRateBudgetError(message: "unknown name '\(name)' (use global, endpoint, burst)")
            }
        }
        guard let global else { throw StripeRateBudgetError(message: "global=N is required") }
        return StripeRateBudget(global: global, endpoint: endpoint, burstSeconds: burst)
    }
}

/// Why a `STRIPE_RATE_LIMITS` value was refused.
public struct StripeRateBudgetError: Error, Sendable, Equatable {
    /// What is wrong, naming the item.
    public var message: String
}
