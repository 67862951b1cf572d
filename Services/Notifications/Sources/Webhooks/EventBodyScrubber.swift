/// Checks a verified webhook body and removes the secrets it must not keep, before the
/// event is stored and re-published.
///
/// - Checks that the body is one JSON text (RFC 8259) in UTF-8, to the last byte: the
///   ingress reads only a few top-level members, but every consumer decodes more, and a
///   body it cannot decode would be stored, published and dead-lettered downstream.
///   Invalid UTF-8 in a string — or a `\u` escape of a lone surrogate, which no UTF-8
///   text can hold — is ``Problem/invalidUTF8``; anything else that is not JSON is
///   ``Problem/invalidJSON``.
/// - Removes every object member named `client_secret`, at any depth (PaymentIntents,
///   SetupIntents, Checkout Sessions and CustomerSessions carry one; `previous_attributes`
///   may too): the secret lets a browser or app confirm a payment, and neither the
///   `stripe_events` table nor the monitors on `connectbus.events` have any use for it.
///   The member goes together with its separating comma and the white space before the
///   next member, so the rest of the body stays byte for byte as Stripe sent it (and
///   pretty-printed events stay pretty). A body without such a member is returned as is.
///
/// The result is no longer the signed body when something was removed: its
/// `Stripe-Signature` cannot be checked again. A hand-written scanner rather than
/// `JSONDecoder`: it keeps the positions of members (re-encoding a decoded tree would
/// reorder keys and rewrite numbers and escapes) and looks at each byte once.
/// Thread-safety: pure functions.
public enum EventBodyScrubber {
    /// Why a body was refused.
    public enum Problem: Error, Sendable, Equatable {
        /// A string holds bytes that are not UTF-8, or escapes a lone UTF-16 surrogate.
        case invalidUTF8
        /// Not one JSON text (syntax error, trailing bytes, nesting deeper than ``maxDepth``).
        case invalidJSON
    }

    /// The name of the members removed.
    public static let removedMember = "client_secret"

    /// Deepest nesting of arrays and objects accepted (Stripe's events nest a few levels).
    public static let maxDepth = 256

    /// The body with every `client_secret` member removed (the same bytes when there is none).
    /// - Throws: ``Problem`` when the body is not a JSON text in UTF-8.
    public static func scrub(_ body: [UInt8]) throws(Problem) -> [UInt8] {
        let removals = try body.withUnsafeBufferPointer { bytes throws(Problem) -> [Range<Int>] in
            var scanner = JSONMemberScanner(bytes: bytes)
            try scanner.document()
            return scanner.removals
        }
        return cut(removals, from: body)
    }

    /// ``scrub(_:)`` and, from the same pass over the bytes, the event's
    /// ``StripeEventFacts`` (`nil` when the body is JSON but not a Stripe event:
    /// ``StripeEventFacts/parse(_:)``'s rules).
    /// - Throws: ``Problem`` when the body is not a JSON text in UTF-8.
    public static func scrubAndRead(_ body: [UInt8]) throws(Problem) -> (body: [UInt8], facts: StripeEventFacts?) {
        let (removals, facts) = try body.withUnsafeBufferPointer {
            bytes throws(Problem) -> ([Range<Int>], StripeEventFacts?) in
            var scanner = JSONMemberScanner(bytes: bytes, topLevelKeys: StripeEventFacts.members)
            try scanner.document()
            // A root that is not an object is no event.
            let facts: StripeEventFacts?
            if bytes.first(where: { $0 > 0x20 }) != UInt8(ascii: "{") {
                facts = nil
            } else if scanner.topLevelAmbiguous {
                facts = StripeEventFacts.parse(body)
            } else {
                facts = StripeEventFacts.read(bytes, members: scanner.topLevel)
            }
            return (scanner.removals, facts)
        }
        return (cut(removals, from: body), facts)
    }

    /// `body` without the byte ranges `removals`.
    private static func cut(_ removals: [Range<Int>], from body: [UInt8]) -> [UInt8] {
        guard !removals.isEmpty else { return body }
        var output: [UInt8] = []
        output.reserveCapacity(body.count)
        var next = 0
        // Ranges are disjoint or nested (a removed member inside a removed member's value).
        for range in removals.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= next {
            output.append(contentsOf: body[next..<range.lowerBound])
            next = range.upperBound
        }
        output.append(contentsOf: body[next...])
        return output
    }
}
