#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks the `refresh_url`/`return_url` of an account link before Stripe sees them.
///
/// Absolute `http`/`https` URLs with a host are accepted; with a live secret or restricted
/// key (`sk_live_…`, `rk_live_…`) only `https` is. Pure and thread-safe.
public struct RedirectURLPolicy: Sendable, Equatable {
    /// `true` when the service runs with a live key.
    public var requiresHTTPS: Bool

    /// A policy for the given Stripe API key (only its prefix is looked at).
    public init(apiKey: String) {
        requiresHTTPS = apiKey.hasPrefix("sk_live_") || apiKey.hasPrefix("rk_live_")
    }

    /// A policy with an explicit HTTPS requirement.
    public init(requiresHTTPS: Bool) {
        self.requiresHTTPS = requiresHTTPS
    }

    /// Why `url` is refused, or `nil` when it is acceptable.
    public func problem(with url: String) -> String? {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            let host = parsed.host, !host.isEmpty
        else {
            return "must be an absolute URL"
        }
        if scheme == "https" { return nil }
        if scheme == "http" {
            return requiresHTTPS ? "must use https with a live key" : nil
        }
        return "must use http or https"
    }
}
