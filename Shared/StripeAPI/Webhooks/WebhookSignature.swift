import Foundation

/// Verifies and creates `Stripe-Signature` headers
/// (https://docs.stripe.com/webhooks#verify-manually).
///
/// The header is `t=<unix seconds>,v1=<hex>[,v1=<hex>…][,v0=…]`; each `v1` is the
/// HMAC-SHA256, keyed with the endpoint secret, of `"<t>.<raw body>"`. Verification
/// accepts the payload when any `v1` matches any of the secrets (several during secret
/// rotation), compared in constant time, and the timestamp is at most `tolerance` old.
/// Thread-safe: pure functions.
public enum WebhookSignature {
    /// Checks `header` against the raw request body.
    /// - Parameters:
    ///   - payload: the body bytes exactly as received (before any JSON parsing).
    ///   - header: the `Stripe-Signature` value, or `nil` when absent.
    ///   - secrets: the endpoint secrets (`whsec_…`) to try, newest first.
    ///   - tolerance: the largest accepted age of `t` (default 300 s).
    ///   - now: the current time.
    /// - Throws: ``WebhookSignatureError``: `missingHeader`, `malformedHeader`,
    ///   `noV1Signature`, `noMatch` (checked before age), `staleTimestamp`, `noSecrets`.
    public static func verify(payload: [UInt8], header: String?, secrets: [String],
                              tolerance: Duration = .seconds(300), now: Date) throws(WebhookSignatureError) {
        guard let header, !header.trimmingCharacters(in: .whitespaces).isEmpty else { throw .missingHeader }
        var timestamp: Int?
        var signatures: [[UInt8]] = []
        var sawV1 = false
        for element in header.split(separator: ",") {
            let pair = element.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let key = pair[0].trimmingCharacters(in: .whitespaces)
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            if key == "t" {
                guard let t = Int(value) else { throw .malformedHeader("timestamp is not an integer") }
                timestamp = t
            } else if key == "v1" {
                sawV1 = true
                if let bytes = HMACSHA256.bytes(hex: Substring(value)) { signatures.append(bytes) }
            }
        }
        guard let timestamp else { throw .malformedHeader("no t= timestamp") }
        guard sawV1 else { throw .noV1Signature }
        guard !secrets.isEmpty else { throw .noSecrets }
        let signed = Array("\(timestamp).".utf8) + payload
        let matched = secrets.contains { secret in
            let expected = HMACSHA256.mac(key: Array(secret.utf8), message: signed)
            return signatures.contains { HMACSHA256.constantTimeEquals($0, expected) }
        }
        guard matched else { throw .noMatch }
        let age = Int(now.timeIntervalSince1970.rounded(.down)) - timestamp
        if tolerance > .zero, Duration.seconds(age) > tolerance { throw .staleTimestamp(ageSeconds: age) }
    }

    /// The `Stripe-Signature` value for `payload` signed with `secret` at `timestamp`:
    /// `t=<timestamp>,v1=<hex>` (used by the simulator and tests).
    public static func sign(payload: [UInt8], secret: String, timestamp: Int) -> String {
        "t=\(timestamp),v1=" + HMACSHA256.hex(key: Array(secret.utf8), message: Array("\(timestamp).".utf8) + payload)
    }

    /// The `Stripe-Signature` value for `payload` signed with `secret` at `date`.
    public static func sign(payload: [UInt8], secret: String, timestamp date: Date) -> String {
        sign(payload: payload, secret: secret, timestamp: Int(date.timeIntervalSince1970.rounded(.down)))
    }
}
