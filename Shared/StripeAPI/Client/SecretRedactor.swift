#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Removes Stripe secrets from text before it goes into an error, log line or
/// `description`.
///
/// Replaces the configured key itself and anything shaped like a secret key, restricted
/// key or webhook secret (`sk_test_…`, `sk_live_…`, `rk_…`, `whsec_…`) with a marker
/// that keeps only the prefix, e.g. `sk_test_[REDACTED]`. Thread-safe: pure functions.
public enum SecretRedactor {
    /// Prefixes of secrets that must never be shown.
    static let prefixes = ["sk_test_", "sk_live_", "rk_test_", "rk_live_", "whsec_"]

    /// `text` with `secret` (when longer than 4 characters) and every secret-shaped token removed.
    public static func redact(_ text: String, secret: String?) -> String {
        var result = text
        if let secret, secret.count > 4 {
            result = result.replacingAll(secret, with: "[REDACTED]")
        }
        return redactPatterns(result)
    }

    /// `text` with every secret-shaped token (`sk_…`, `rk_…`, `whsec_…`) cut after its prefix.
    public static func redactPatterns(_ text: String) -> String {
        var result = text
        for prefix in prefixes { result = result.redactingTokens(after: prefix) }
        return result
    }

    /// A form safe to show for a key: its prefix only (e.g. `sk_test_[REDACTED]`).
    public static func mask(_ key: String) -> String {
        for prefix in prefixes where key.hasPrefix(prefix) { return prefix + "[REDACTED]" }
        return "[REDACTED]"
    }
}

private extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }

    /// Replaces the token characters (letters, digits, `_`) following each `prefix`.
    func redactingTokens(after prefix: String) -> String {
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: prefix) {
            out += rest[..<range.upperBound]
            var end = range.upperBound
            while end < rest.endIndex, rest[end].isLetter || rest[end].isNumber || rest[end] == "_" {
                end = rest.index(after: end)
            }
            out += "[REDACTED]"
            rest = rest[end...]
        }
        return out + rest
    }
}
