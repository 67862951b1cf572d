import Foundation
import Testing
@testable import StripeAPI

@Suite("Webhook signatures")
struct WebhookSignatureTests {
    let payload = Array(#"{"id":"evt_1","object":"event","type":"payment_intent.succeeded"}"#.utf8)
    let secret = "whsec_test_secret_1"
    let t = 1_700_000_000
    var now: Date { Date(timeIntervalSince1970: TimeInterval(t + 10)) }

    @Test func hmacMatchesKnownVector() {
        // RFC 4231 test case 2.
        let mac = HMACSHA256.hex(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(mac == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func signProducesStripeFormat() {
        let header = WebhookSignature.sign(payload: payload, secret: secret, timestamp: t)
        let expected = HMACSHA256.hex(key: Array(secret.utf8), message: Array("\(t).".utf8) + payload)
        #expect(header == "t=\(t),v1=\(expected)")
    }

    @Test func validSignatureVerifies() throws {
        let header = WebhookSignature.sign(payload: payload, secret: secret, timestamp: t)
        try WebhookSignature.verify(payload: payload, header: header, secrets: [secret], now: now)
    }

    @Test func tamperedBodyFails() {
        let header = WebhookSignature.sign(payload: payload, secret: secret, timestamp: t)
        var tampered = payload
        tampered[tampered.count - 3] = UInt8(ascii: "X")
        #expect(throws: WebhookSignatureError.noMatch) {
            try WebhookSignature.verify(payload: tampered, header: header, secrets: [secret], now: now)
        }
    }

    @Test func wrongSecretFails() {
        let header = WebhookSignature.sign(payload: payload, secret: "whsec_other", timestamp: t)
        #expect(throws: WebhookSignatureError.noMatch) {
            try WebhookSignature.verify(payload: payload, header: header, secrets: [secret], now: now)
        }
    }

    @Test func staleTimestampFails() {
        let header = WebhookSignature.sign(payload: payload, secret: secret, timestamp: t)
        let later = Date(timeIntervalSince1970: TimeInterval(t + 301))
        #expect(throws: WebhookSignatureError.staleTimestamp(ageSeconds: 301)) {
            try WebhookSignature.verify(payload: payload, header: header, secrets: [secret], now: later)
        }
        // Exactly at the tolerance is still accepted; a custom tolerance is honoured.
        #expect(throws: Never.self) {
            try WebhookSignature.verify(
                payload: payload, header: header, secrets: [secret],
                now: Date(timeIntervalSince1970: TimeInterval(t + 300)))
        }
        #expect(throws: WebhookSignatureError.staleTimestamp(ageSeconds: 61)) {
            try WebhookSignature.verify(
                payload: payload, header: header, secrets: [secret], tolerance: .seconds(60),
                now: Date(timeIntervalSince1970: TimeInterval(t + 61)))
        }
    }

    @Test func futureTimestampIsAcceptedLikeStripesLibraries() throws {
        // Only age is bounded (see WebhookSignature): 600 s ahead, twice the tolerance, passes.
        let header = WebhookSignature.sign(payload: payload, secret: secret, timestamp: t + 600)
        try WebhookSignature.verify(
            payload: payload, header: header, secrets: [secret],
            now: Date(timeIntervalSince1970: TimeInterval(t)))
    }

    @Test func upperCaseHexIsNoMatch() throws {
        let good = String(WebhookSignature.sign(payload: payload, secret: secret, timestamp: t).split(separator: "v1=")[1])
        let letter = try #require(good.firstIndex { $0.isLetter })
        var mixed = good
        mixed.replaceSubrange(letter...letter, with: good[letter...letter].uppercased())
        for signature in [good.uppercased(), mixed] {
            #expect(throws: WebhookSignatureError.noMatch) {
                try WebhookSignature.verify(payload: payload, header: "t=\(t),v1=\(signature)", secrets: [secret], now: now)
            }
        }
        // The same signature in lower case, beside an upper-case copy, still matches.
        try WebhookSignature.verify(
            payload: payload, header: "t=\(t),v1=\(good.uppercased()),v1=\(good)",
            secrets: [secret], now: now)
    }

    @Test func onlyV0SignaturesIsNoV1Signature() {
        let good = WebhookSignature.sign(payload: payload, secret: secret, timestamp: t).split(separator: "v1=")[1]
        #expect(throws: WebhookSignatureError.noV1Signature) {
            try WebhookSignature.verify(payload: payload, header: "t=\(t),v0=\(good),v0=abcd", secrets: [secret], now: now)
        }
    }

    @Test func rotatedSecretsSecondMatches() throws {
        let header = WebhookSignature.sign(payload: payload, secret: "whsec_old", timestamp: t)
        let match = try WebhookSignature.verify(payload: payload, header: header, secrets: ["whsec_new", "whsec_old"], now: now)
        #expect(match == WebhookSignatureMatch(secretIndex: 1, unmatchedSignatures: 0))
    }

    @Test("during a secret roll Stripe signs twice: a v1 no configured secret matches is counted, never fatal")
    func signatureOfASecretNotConfigured() throws {
        let old = WebhookSignature.sign(payload: payload, secret: "whsec_old", timestamp: t)
        let new = HMACSHA256.hex(key: Array("whsec_new".utf8), message: Array("\(t).".utf8) + payload)
        let header = old + ",v1=" + new
        let onlyOld = try WebhookSignature.verify(payload: payload, header: header, secrets: ["whsec_old"], now: now)
        #expect(onlyOld == WebhookSignatureMatch(secretIndex: 0, unmatchedSignatures: 1))
        let both = try WebhookSignature.verify(payload: payload, header: header, secrets: ["whsec_new", "whsec_old"], now: now)
        #expect(both == WebhookSignatureMatch(secretIndex: 0, unmatchedSignatures: 0))
    }

    @Test func anyOfSeveralV1ValuesMayMatch() throws {
        let good = WebhookSignature.sign(payload: payload, secret: secret, timestamp: t).split(separator: "v1=")[1]
        let bad = String(repeating: "0", count: 64)
        let header = "t=\(t),v1=\(bad),v0=\(bad),v1=\(good)"
        try WebhookSignature.verify(payload: payload, header: header, secrets: [secret], now: now)
    }

    @Test func whitespaceAroundElementsIsAccepted() throws {
        let good = WebhookSignature.sign(payload: payload, secret: secret, timestamp: t).split(separator: "v1=")[1]
        try WebhookSignature.verify(payload: payload, header: " t=\(t) , v1=\(good) ", secrets: [secret], now: now)
    }

    @Test func missingAndMalformedHeaders() {
        #expect(throws: WebhookSignatureError.missingHeader) {
            try WebhookSignature.verify(payload: payload, header: nil, secrets: [secret], now: now)
        }
        #expect(throws: WebhookSignatureError.missingHeader) {
            try WebhookSignature.verify(payload: payload, header: "  ", secrets: [secret], now: now)
        }
        #expect(throws: WebhookSignatureError.malformedHeader("no t= timestamp")) {
            try WebhookSignature.verify(payload: payload, header: "v1=abcd", secrets: [secret], now: now)
        }
        #expect(throws: WebhookSignatureError.malformedHeader("timestamp is not an integer")) {
            try WebhookSignature.verify(payload: payload, header: "t=soon,v1=abcd", secrets: [secret], now: now)
        }
        #expect(throws: WebhookSignatureError.noV1Signature) {
            try WebhookSignature.verify(payload: payload, header: "t=\(t),v0=abcd", secrets: [secret], now: now)
        }
        #expect(throws: WebhookSignatureError.noMatch) {
            try WebhookSignature.verify(payload: payload, header: "t=\(t),v1=not-hex", secrets: [secret], now: now)
        }
    }

    @Test func errorsNeverShowSecrets() {
        let all: [WebhookSignatureError] = [
            .missingHeader, .malformedHeader("x"), .noV1Signature,
            .staleTimestamp(ageSeconds: 1), .noMatch, .noSecrets,
        ]
        for error in all { #expect(!error.description.contains("whsec_")) }
        #expect(Set(all.map(\.code)).count == all.count)
    }

    @Test func constantTimeCompare() {
        #expect(HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2]))
    }
}
