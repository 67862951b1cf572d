import Foundation
import NotificationsService
import StripeAPI

/// The webhook ingress's parsers: the `Stripe-Signature` header (through
/// `WebhookSignature.verify`, which parses it before any HMAC) and the event facts
/// read from the body (`StripeEventFacts.parse`).
enum WebhookFuzz {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// First line: the header; the rest: the payload. A signature made with the secret
    /// must verify; a header the fuzzer wrote must never verify unless it carries it.
    static func signature(_ bytes: [UInt8]) {
        let split = bytes.firstIndex(of: 10) ?? bytes.count
        let header = String(decoding: bytes[..<split], as: UTF8.self)
        let payload = Array(bytes[min(split + 1, bytes.count)...])
        let secret = "whsec_fuzz"
        _ = try? WebhookSignature.verify(payload: payload, header: header, secrets: [secret], now: now)
        let signed = WebhookSignature.sign(payload: payload, secret: secret, timestamp: 1_700_000_000)
        do {
            try WebhookSignature.verify(payload: payload, header: signed, secrets: [secret], now: now)
        } catch {
            fuzzCheck(false, "a signature made with the secret did not verify: \(error)")
        }
        // The header as received plus our own v1: still verifies (any v1 may match).
        if !header.contains("t="), !header.isEmpty, !header.contains(where: { $0 == "\r" || $0 == "\n" }) {
            _ = try? WebhookSignature.verify(payload: payload, header: signed + "," + header, secrets: [secret], now: now)
        }
    }

    static func event(_ bytes: [UInt8]) {
        guard let facts = StripeEventFacts.parse(bytes) else { return }
        fuzzCheck(!facts.id.isEmpty && !facts.type.isEmpty, "facts without id or type")
        _ = try? JSONDecoder().decode(StripeEvent.self, from: Data(bytes))
    }
}
