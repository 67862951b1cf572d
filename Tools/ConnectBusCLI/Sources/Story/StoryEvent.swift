import Foundation

/// One event the story saw on `connectbus.events`, as it arrived: routing key, the
/// connected account of its `x-stripe-account` header and the JSON body. Events are read
/// tolerantly (any body, unknown fields ignored): the story compares wire fields, as a
/// platform reading the catalogue's event schemas would. Thread-safe value type.
public struct StoryEvent: Sendable, Equatable {
    /// The routing key, e.g. `payments.order.paid`.
    public var routingKey: String
    /// `x-stripe-account`, if any.
    public var stripeAccount: String?
    /// The body (UTF-8 JSON).
    public var body: [UInt8]

    /// An event.
    public init(routingKey: String, stripeAccount: String?, body: [UInt8]) {
        self.routingKey = routingKey
        self.stripeAccount = stripeAccount
        self.body = body
    }

    /// The body as an object (empty when it is not one).
    public var object: [String: Any] { JSONDisplay.parse(body) as? [String: Any] ?? [:] }

    /// The fields a step compares: the body, or for a raw Stripe event (`stripe.*`) its
    /// `data.object`.
    public var fields: [String: Any] {
        let object = object
        guard routingKey.hasPrefix("stripe.") else { return object }
        return (object["data"] as? [String: Any])?["object"] as? [String: Any] ?? [:]
    }

    /// Whether the event has routing key `key` and each of `wanted`'s fields shows as its
    /// text (``text(_:)``: `4800`, `true`, `eur`).
    public func matches(_ key: String, _ wanted: [(String, String)]) -> Bool {
        guard routingKey == key else { return false }
        let fields = fields
        return wanted.allSatisfy { Self.text(fields[$0.0]) == $0.1 }
    }

    /// Whether the event concerns `account` (its header or the body's `account`).
    public func concerns(_ account: String) -> Bool {
        stripeAccount == account || object["account"] as? String == account
    }

    /// A field's value as text: strings bare, numbers and booleans as JSON, `nil` when
    /// absent or null.
    public static func text(_ value: Any?) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        return JSONDisplay.plain(value)
    }
}
