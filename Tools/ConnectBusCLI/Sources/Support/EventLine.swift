public import Foundation
public import Messages

/// One event as the `tail` monitor shows it: a line with the time, routing key, account
/// and the fields an operator looks for (amount, currency, order, status, …), or one JSON
/// object per line with `--json`. Pure formatting; thread-safe.
public enum EventLine {
    /// Body fields shown on the text line, in this order, when the event has them.
    public static let keyFields = [
        "order_reference", "seller_reference", "account", "status", "amount", "amount_total",
        "amount_captured", "amount_refunded", "application_fee_amount", "currency", "payment_intent",
        "checkout_session", "reader", "refund", "template", "to", "decline_code", "failure_code", "reason",
    ]

    /// The text line: `HH:MM:SS.mmm  routing.key  acct_…  field=value …`, the time being
    /// `received` (UTC; the AMQP timestamp has whole seconds only).
    /// For `stripe.*` events (raw Stripe events) the fields come from `data.object`.
    public static func text(routingKey: String, envelope: Envelope, received: Date = Date()) -> String {
        let body = JSONText.parse(envelope.body) as? [String: Any] ?? [:]
        var fields = body
        if routingKey.hasPrefix("stripe."), let data = body["data"] as? [String: Any],
            let object = data["object"] as? [String: Any]
        {
            fields = object
            if let id = object["id"] { fields["id"] = id }
        }
        let account = envelope.headers.stripeAccount ?? (body["account"] as? String) ?? "-"
        var parts: [String] = []
        if routingKey.hasPrefix("stripe."), let id = fields["id"] as? String { parts.append("id=\(id)") }
        for key in keyFields where key != "account" {
            guard let value = fields[key], !(value is NSNull) else { continue }
            if value is [Any] || value is [String: Any] { continue }
            parts.append("\(key)=\(JSONText.plain(value))")
        }
        let time = timeFormatter.string(from: received)
        return ([time, routingKey, account] + parts).joined(separator: "  ")
    }

    /// The JSON line: `{"time", "routing_key", "type", "message_id", "correlation_id",
    /// "stripe_account", "headers", "body"}` (body parsed when it is JSON).
    public static func json(routingKey: String, envelope: Envelope, received: Date = Date()) -> String {
        var headers: [String: Any] = envelope.headers.extra
        headers["x-schema-version"] = envelope.headers.schemaVersion
        if envelope.headers.attempt > 0 { headers["x-attempt"] = envelope.headers.attempt }
        if let causation = envelope.headers.causationId { headers["x-causation-id"] = causation }
        let object: [String: Any] = [
            "time": ISO8601DateFormatter().string(from: received),
            "routing_key": routingKey,
            "type": envelope.type,
            "message_id": envelope.messageId,
            "correlation_id": envelope.correlationId ?? NSNull(),
            "stripe_account": envelope.headers.stripeAccount ?? NSNull(),
            "headers": headers,
            "body": JSONText.parse(envelope.body) ?? String(decoding: envelope.body, as: UTF8.self),
        ]
        return JSONText.render(object, pretty: false)
    }

    /// `HH:mm:ss.SSS` in UTC.
    static let timeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss.SSS"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter
    }()
}
