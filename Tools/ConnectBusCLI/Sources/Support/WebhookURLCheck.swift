import Foundation

/// The rule `connectbus stripe setup` applies to a webhook URL: `https://` with a host, or
/// `http://` only with a test key (`sk_test_…`/`rk_test_…`) and a loopback host
/// (`127.0.0.1`, `::1`, `localhost`, e.g. stripe-sim's demo), or when `allowHTTP`.
public enum WebhookURLCheck {
    /// Whether `key` is a test-mode key (`sk_test_`, `rk_test_`).
    public static func isTestKey(_ key: String) -> Bool { key.hasPrefix("sk_test_") || key.hasPrefix("rk_test_") }

    /// The problem with `url`, or nil when it is acceptable.
    public static func problem(_ url: String, key: String, allowHTTP: Bool) -> String? {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(), let host = parts.host, !host.isEmpty
        else { return "\(url) is not an absolute URL" }
        switch scheme {
        case "https": return nil
        case "http":
            if allowHTTP { return nil }
            let loopback = ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased())
            if isTestKey(key) && loopback { return nil }
            return
                "\(url) is not HTTPS: Stripe delivers live events only over HTTPS (http:// is accepted with a test key and a loopback host, or with --allow-http)"
        default: return "\(url) is not an http(s) URL"
        }
    }
}
