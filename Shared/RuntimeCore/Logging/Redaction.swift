/// Removes secrets from log output: values of secret-looking keys, Stripe keys and
/// webhook secrets anywhere in a string, and passwords in URLs.
///
/// Pure functions; thread-safe.
public enum Redaction {
    /// The replacement text for a removed secret.
    public static let mask = "[redacted]"

    /// Field names whose values are always replaced (matched case-insensitively as substrings).
    public static let secretKeys = [
        "password", "passwd", "secret", "api_key", "apikey", "authorization",
        "token", "cookie", "client_secret", "stripe_key",
    ]

    /// Prefixes of Stripe credentials that are masked wherever they appear.
    public static let secretPrefixes = ["sk_live_", "sk_test_", "rk_live_", "rk_test_", "whsec_"]

    /// `true` when a field named `key` must never be logged.
    public static func isSecretKey(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return secretKeys.contains { lowered.contains($0) }
    }

    /// `value` with Stripe secrets and URL passwords masked.
    public static func scrub(_ value: String) -> String {
        var result = maskStripeSecrets(value)
        result = maskURLPasswords(result)
        return result
    }

    private static func maskStripeSecrets(_ value: String) -> String {
        guard secretPrefixes.contains(where: { value.contains($0) }) else { return value }
        var output = ""
        var rest = Substring(value)
        while let (range, _) = firstPrefix(in: rest) {
            output += rest[..<range.lowerBound]
            output += mask
            var end = range.upperBound
            while end < rest.endIndex, rest[end].isLetter || rest[end].isNumber || rest[end] == "_" {
                end = rest.index(after: end)
            }
            rest = rest[end...]
        }
        return output + rest
    }

    private static func firstPrefix(in text: Substring) -> (Range<Substring.Index>, String)? {
        var best: (Range<Substring.Index>, String)?
        for prefix in secretPrefixes {
            if let range = text.firstRange(of: prefix), best.map({ range.lowerBound < $0.0.lowerBound }) ?? true {
                best = (range, prefix)
            }
        }
        return best
    }

    /// Masks `user:password@` in `scheme://user:password@host` forms.
    private static func maskURLPasswords(_ value: String) -> String {
        guard value.contains("://"), value.contains("@") else { return value }
        var output = ""
        var rest = Substring(value)
        while let schemeEnd = rest.firstRange(of: "://") {
            output += rest[..<schemeEnd.upperBound]
            rest = rest[schemeEnd.upperBound...]
            let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == " " || $0 == "\"" }) ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                output += authority[..<colon] + ":" + mask + authority[at...]
                rest = rest[authorityEnd...]
            }
        }
        return output + rest
    }
}
