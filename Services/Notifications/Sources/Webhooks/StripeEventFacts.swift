import Foundation

/// The members of a verified Stripe event the ingress needs to store and route it:
/// `id`, `type`, `account` (connected-account events), `api_version`, `created`, `livemode`.
/// The event itself is kept as the raw bytes Stripe sent. Thread-safe value type.
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
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
              let id = object["id"] as? String, !id.isEmpty, id.utf8.count <= 255,
              let type = object["type"] as? String, isValidType(type) else { return nil }
        return StripeEventFacts(id: id, type: type, account: object["account"] as? String,
                                apiVersion: object["api_version"] as? String,
                                created: (object["created"] as? NSNumber)?.int64Value,
                                livemode: (object["livemode"] as? Bool) ?? false)
    }

    /// The routing key and message type on `connectbus.events`: `stripe.<type>`.
    public var routingKey: String { "stripe." + type }

    /// The `message_id` of the re-published event, derived from the event id so a
    /// redelivered event can never produce a second, different message.
    public var messageId: String { "stripe:" + id }

    private static func isValidType(_ type: String) -> Bool {
        !type.isEmpty && type.utf8.count <= 255 && type.utf8.allSatisfy { byte in
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2E || byte == 0x5F
        }
    }
}
