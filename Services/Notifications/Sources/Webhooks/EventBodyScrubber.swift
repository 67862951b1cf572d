#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

/// The members of a verified Stripe event the ingress needs to store and route it:
/// `id`, `type`, `account` (connected-account events), `api_version`, `created`, `livemode`.
/// The event itself is kept as the bytes Stripe sent, less its `client_secret` members.
/// Thread-safe value type.
public struct StripeEventFacts: Sendable, Equatable {
    /// `evt_…`.
    public var id: String
    /// e.g. `checkout.session.completed`.
    public var type: String
    /// `acct_…` for connected-account events.
    public var account: String?
    /// The API version the event was rendered with.
    public var apiVersion: String?
    /// Unix seconds when Stripe created the event.
    public var created: Int64?
    /// Live or test mode.
    public var livemode: Bool

    /// Creates facts (tests, tools).
    public init(id: String, type: String, account: String?, apiVersion: String?, created: Int64?, livemode: Bool) {
        self.id = id
        self.type = type
        self.account = account
        self.apiVersion = apiVersion
        self.created = created
        self.livemode = livemode
    }

    /// Reads the facts from the raw event JSON; `nil` when it is not a JSON object with a
    /// non-empty string `id` and `type` (ids and types are at most 255 characters, types
    /// made of letters, digits, `_` and `.`).
    public static func parse(_ body: [UInt8]) -> StripeEventFacts? {
        // JSONDecoder skips the members it is not asked for (data.object is not built).
        guard let top = try? JSONDecoder().decode(TopLevel.self, from: Data(body)),
            let id = top.id, !id.isEmpty, id.utf8.count <= 255,
            let type = top.type, isValidType(type)
        else { return nil }
        return StripeEventFacts(
            id: id, type: type, account: top.account, apiVersion: top.api_version,
            created: top.created, livemode: top.livemode ?? false)
    }

    /// The root-object members the facts come from.
    static let members = ["id", "type", "account", "api_version", "created", "livemode"]

    /// The facts from the byte ranges of the root object's `members` in `bytes` (a JSON text
    /// already validated by ``JSONMemberScanner``, whose keys had no escapes and no
    /// duplicates), with ``parse(_:)``'s result: a member absent or `null` reads as absent;
    /// a string member that is not a string, `created` that is not an integer or `livemode`
    /// that is not a boolean makes the body no event. Strings without escapes are taken as
    /// they are; the rare one with escapes (and a number that is not plain digits) is
    /// decoded by `JSONDecoder` from its own bytes.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, members: [String: Range<Int>]) -> StripeEventFacts? {
        enum WrongType: Error { case member }
        func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[range]) }
        func isNull(_ range: Range<Int>) -> Bool { bytes[range.lowerBound] == UInt8(ascii: "n") }
        func string(_ name: String) throws(WrongType) -> String? {
            guard let range = members[name], !isNull(range) else { return nil }
            guard bytes[range.lowerBound] == UInt8(ascii: "\"") else { throw .member }
            let inner = range.lowerBound + 1..<range.upperBound - 1
            if !bytes[inner].contains(UInt8(ascii: "\\")) { return String(decoding: slice(inner), as: UTF8.self) }
            guard let decoded = try? JSONDecoder().decode(String.self, from: Data(slice(range))) else { throw .member }
            return decoded
        }
        do {
            let created: Int64?
            if let range = members["created"], !isNull(range) {
                let text = slice(range)
                let digits = text.first == UInt8(ascii: "-") ? UnsafeBufferPointer(rebasing: text.dropFirst()) : text
                if !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                    let magnitude = digits.reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
                    created = text.first == UInt8(ascii: "-") ? -magnitude : magnitude
                } else {
                    guard let decoded = try? JSONDecoder().decode(Int64.self, from: Data(text)) else { throw WrongType.member }
                    created = decoded
                }
            } else {
                created = nil
            }
            var livemode: Bool?
            if let range = members["livemode"], !isNull(range) {
                switch bytes[range.lowerBound] {
                case UInt8(ascii: "t"): livemode = true
                case UInt8(ascii: "f"): livemode = false
                default: throw WrongType.member
                }
            }
            let id = try string("id"), type = try string("type")
            let account = try string("account"), apiVersion = try string("api_version")
            guard let id, !id.isEmpty, id.utf8.count <= 255, let type, isValidType(type) else { return nil }
            return StripeEventFacts(
                id: id, type: type, account: account, apiVersion: apiVersion, created: created,
                livemode: livemode ?? false)
        } catch {
            return nil
        }
    }

    /// The top-level members read (others are skipped; wrong types make the body malformed).
    private struct TopLevel: Decodable {
        var id: String?
        var type: String?
        var account: String?
        var api_version: String?
        var created: Int64?
        var livemode: Bool?
    }

    /// The routing key and message type on `connectbus.events`: `stripe.<type>`.
    public var routingKey: String { "stripe." + type }

    /// The `message_id` of the re-published event, derived from the event id so a
    /// redelivered event can never produce a second, different message.
    public var messageId: String { "stripe:" + id }

    private static func isValidType(_ type: String) -> Bool {
        !type.isEmpty && type.utf8.count <= 255
            && type.utf8.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == 0x2E || byte == 0x5F
            }
    }
}
