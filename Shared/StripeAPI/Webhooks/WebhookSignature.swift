#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        guard let header, header.utf8.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { throw .missingHeader }
        let parsed = try SignatureHeader.parse(header)
        guard let timestamp = parsed.timestamp else { throw .malformedHeader("no t= timestamp") }
        guard parsed.sawV1 else { throw .noV1Signature }
        let signatures = parsed.signatures
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
