import StripeAPI

/// Names a Stripe key in shared storage without storing it: the first 32 hex digits of
/// HMAC-SHA256(label, key), where the label is fixed (`connectbus stripe rate limit`). Every
/// process with the same key computes the same id, and the id reveals nothing usable
/// (a secret key cannot be recovered from it, nor checked without knowing it already).
public enum StripeKeyIdentity {
    /// The id of `apiKey`.
    public static func id(of apiKey: String) -> String {
        String(HMACSHA256.hex(key: Array("connectbus stripe rate limit".utf8), message: Array(apiKey.utf8)).prefix(32))
    }
}
