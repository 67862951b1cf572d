#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Verifies and creates `Stripe-Signature` headers
/// (https://docs.stripe.com/webhooks#verify-manually).
///
/// The header is `t=<unix seconds>,v1=<hex>[,v1=<hex>…][,v0=…]`; each `v1` is the
/// HMAC-SHA256, keyed with the endpoint secret, of `"<t>.<raw body>"`, in lower-case hex.
/// Verification accepts what Stripe's official libraries accept: the payload when any `v1`
/// matches any of the secrets (several during secret rotation), compared in constant time,
/// and the timestamp is at most `tolerance` old.
///
/// - Hex: lower case only. Stripe signs in lower case and its libraries compare the hex
///   strings, so a `v1` in upper (or mixed) case is no match.
/// - `v0` and other schemes are ignored; a header with a timestamp but no `v1` at all is
///   ``WebhookSignatureError/noV1Signature`` (the libraries' "no signatures found with
///   expected scheme"), not a malformed header.
/// - Timestamps in the future: accepted whatever their distance, as the official libraries
///   do (they check only `now - t > tolerance`). Rejecting them would fail every webhook
///   while this host's clock runs behind Stripe's; replay protection needs only the upper
///   bound on age, and a future `t` still needs a valid HMAC of that very `t`.
///
/// Thread-safe: pure functions.
public enum WebhookSignature {
    /// Checks `header` against the raw request body.
    /// - Parameters:
    ///   - payload: the body bytes exactly as received (before any JSON parsing).
    ///   - header: the `Stripe-Signature` value, or `nil` when absent.
    ///   - secrets: the endpoint secrets (`whsec_…`) to try, newest first.
    ///   - tolerance: the largest accepted age of `t` (default 300 s, Stripe's); a `t`
    ///     in the future is accepted at any distance (see the type's notes); `.zero` turns
    ///     the age check off.
    ///   - now: the current time.
    /// - Returns: which secret matched and how many `v1` signatures matched none
    ///   (``WebhookSignatureMatch``; every secret's HMAC is computed, so a header signed with
    ///   a secret not configured is seen during a rotation's overlap).
    /// - Throws: ``WebhookSignatureError``: `missingHeader`, `malformedHeader`,
    ///   `noV1Signature`, `noMatch` (checked before age), `staleTimestamp`, `noSecrets`.
    @discardableResult
    public static func verify(
        payload: [UInt8], header: String?, secrets: [String],
        tolerance: Duration = .seconds(300), now: Date
    ) throws(WebhookSignatureError) -> WebhookSignatureMatch {
        guard let header, header.utf8.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { throw .missingHeader }
        let parsed = try SignatureHeader.parse(header)
        guard let timestamp = parsed.timestamp else { throw .malformedHeader("no t= timestamp") }
        guard parsed.sawV1 else { throw .noV1Signature }
        let signatures = parsed.signatures
        guard !secrets.isEmpty else { throw .noSecrets }
        let signed = Array("\(timestamp).".utf8) + payload
        let expected = secrets.map { HMACSHA256.mac(key: Array($0.utf8), message: signed) }
        let matches: ([UInt8]) -> Bool = { signature in
            expected.contains { HMACSHA256.constantTimeEquals(signature, $0) }
        }
        guard let index = expected.firstIndex(where: { mac in signatures.contains { HMACSHA256.constantTimeEquals($0, mac) } })
        else { throw .noMatch }
        // Negative for a future `t`: accepted, like Stripe's libraries (see above).
        let age = Int(now.timeIntervalSince1970.rounded(.down)) - timestamp
        if tolerance > .zero, Duration.seconds(age) > tolerance { throw .staleTimestamp(ageSeconds: age) }
        return WebhookSignatureMatch(secretIndex: index, unmatchedSignatures: signatures.filter { !matches($0) }.count)
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

/// The parts of a `Stripe-Signature` header, read byte by byte (no Foundation) because
/// webhook ingress verifies thousands of headers a second.
struct SignatureHeader {
    /// The `t=` value, Unix seconds.
    var timestamp: Int?
    /// The decoded `v1=` signatures that are valid lower-case hex (Stripe signs in lower
    /// case and its libraries compare the hex strings, so upper case never matches).
    var signatures: [[UInt8]] = []
    /// Whether any `v1=` element was present (even if not valid hex).
    var sawV1 = false

    /// Splits on `,`, trims spaces and tabs around each element and its `=`-separated parts.
    /// - Throws: ``WebhookSignatureError/malformedHeader(_:)`` when `t` is not an integer.
    static func parse(_ header: String) throws(WebhookSignatureError) -> SignatureHeader {
        var result = SignatureHeader()
        let bytes = Array(header.utf8)
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
            try result.read(bytes[start..<end])
            start = end + 1
        }
        return result
    }

    private mutating func read(_ element: ArraySlice<UInt8>) throws(WebhookSignatureError) {
        guard let equals = element.firstIndex(of: UInt8(ascii: "=")) else { return }
        let key = Self.trim(element[element.startIndex..<equals])
        let value = Self.trim(element[(equals + 1)...])
        if key.elementsEqual([UInt8(ascii: "t")]) {
            guard let t = Self.integer(value) else { throw .malformedHeader("timestamp is not an integer") }
            timestamp = t
        } else if key.elementsEqual([UInt8(ascii: "v"), UInt8(ascii: "1")]) {
            sawV1 = true
            if let signature = Self.hex(value) { signatures.append(signature) }
        }
    }

    private static func trim(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var lower = slice.startIndex
        var upper = slice.endIndex
        while lower < upper, slice[lower] == 0x20 || slice[lower] == 0x09 { lower += 1 }
        while upper > lower, slice[upper - 1] == 0x20 || slice[upper - 1] == 0x09 { upper -= 1 }
        return slice[lower..<upper]
    }

    private static func integer(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= 48, digit <= 57 else { return nil }
            value = value * 10 + Int(digit - 48)
        }
        return value
    }

    private static func hex(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        guard text.count % 2 == 0, !text.isEmpty else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 2)
        var index = text.startIndex
        while index < text.endIndex {
            guard let high = nibble(text[index]), let low = nibble(text[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: c - 48
        case 97...102: c - 87
        default: nil  // upper-case A–F included: Stripe's libraries accept lower case only
        }
    }
}
