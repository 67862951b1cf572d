public import Foundation
public import Messages

/// One event as the `tail` monitor shows it: a line with the time, routing key, account
/// and the fields an operator looks for (amount, currency, order, status, …), or one JSON
/// object per line with `--json`. Pure formatting; thread-safe.
///
/// The time shown is the event's own: its AMQP `timestamp` property (Unix seconds, set by
/// every ConnectBus publisher when the event is made), so an event replayed from the history
/// stream shows when it happened, not when it was read. RabbitMQ gives an AMQP 0-9-1 stream
/// consumer no other time of a message (only `x-stream-offset`): a message published without
/// a timestamp shows its read time instead, marked `(read)`. The read time is also shown
/// when asked (`readTime`, `tail --read-time`).
public enum EventLine {
    /// Body fields shown on the text line, in this order, when the event has them.
    public static let keyFields = [
        "order_reference", "seller_reference", "account", "status", "amount", "amount_total",
        "amount_captured", "amount_refunded", "application_fee_amount", "currency", "payment_intent",
        "checkout_session", "reader", "refund", "template", "to", "decline_code", "failure_code", "reason",
    ]

    /// The text line: `HH:MM:SS  routing.key  acct_…  field=value …`, the time being the
    /// event's (``eventTime(of:)``, UTC, whole seconds as AMQP carries it); an event without
    /// a timestamp shows when it was read (`received`) instead, as `HH:MM:SS.mmm(read)`. With
    /// `readTime`, `read=HH:MM:SS.mmm` follows the time. The time is always one word, so the
    /// routing key stays the second.
    /// For `stripe.*` events (raw Stripe events) the fields come from `data.object`.
    public static func text(routingKey: String, envelope: Envelope, received: Date = Date(), readTime: Bool = false) -> String {
        let body = JSONDisplay.parse(envelope.body) as? [String: Any] ?? [:]
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
            parts.append("\(key)=\(JSONDisplay.plain(value))")
        }
        let read = timeFormatter.string(from: received)
        var times = [eventTime(of: envelope).map { secondsFormatter.string(from: $0) } ?? read + "(read)"]
        if readTime { times.append("read=" + read) }
        return (times + [routingKey, account] + parts).joined(separator: "  ")
    }

    /// The JSON line: `{"time", "routing_key", "type", "message_id", "correlation_id",
    /// "stripe_account", "headers", "body"}` (body parsed when it is JSON). `time` is the
    /// event's (``eventTime(of:)``, ISO 8601 in UTC, whole seconds), `null` for a message
    /// published without a timestamp; with `readTime`, `read_time` is when it was read
    /// (`received`, ISO 8601 with milliseconds).
    public static func json(routingKey: String, envelope: Envelope, received: Date = Date(), readTime: Bool = false) -> String {
        var headers: [String: Any] = envelope.headers.extra
        headers["x-schema-version"] = envelope.headers.schemaVersion
        if envelope.headers.attempt > 0 { headers["x-attempt"] = envelope.headers.attempt }
        if let causation = envelope.headers.causationId { headers["x-causation-id"] = causation }
        var object: [String: Any] = [
            "time": eventTime(of: envelope).map { ISO8601DateFormatter().string(from: $0) } ?? NSNull(),
            "routing_key": routingKey,
            "type": envelope.type,
            "message_id": envelope.messageId,
            "correlation_id": envelope.correlationId ?? NSNull(),
            "stripe_account": envelope.headers.stripeAccount ?? NSNull(),
            "headers": headers,
            "body": JSONDisplay.parse(envelope.body) ?? String(decoding: envelope.body, as: UTF8.self),
        ]
        if readTime {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            object["read_time"] = formatter.string(from: received)
        }
        return JSONDisplay.render(object, pretty: false)
    }

    /// When the event was made: its AMQP `timestamp` property, or `nil` when it was published
    /// without one (the envelope then holds the Unix epoch).
    public static func eventTime(of envelope: Envelope) -> Date? {
        envelope.timestamp.timeIntervalSince1970 > 0 ? envelope.timestamp : nil
    }

    /// `HH:mm:ss` in UTC: an event's time (AMQP timestamps have whole seconds).
    static let secondsFormatter = utcFormatter("HH:mm:ss")

    /// `HH:mm:ss.SSS` in UTC: a read time.
    static let timeFormatter = utcFormatter("HH:mm:ss.SSS")

    /// A POSIX-locale formatter of `format` in UTC.
    private static func utcFormatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.dateFormat = format
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter
    }
}
