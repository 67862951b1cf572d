#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
