#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Runtime
import Bus
import Messages
import Store

/// The SQL of the webhook ingress: stores a verified Stripe event and its outbox row in
/// one statement (one implicit transaction, one round trip).
///
/// The event goes to `<schema>.stripe_events` (`ON CONFLICT (event_id) DO NOTHING`); only
/// when it was new does the same statement insert the outbox row that re-publishes it on
/// `connectbus.events` as `stripe.<type>` with the raw bytes as body and headers
/// `x-stripe-event-id`, `x-stripe-account`, `x-stripe-api-version`. A duplicate therefore
/// adds nothing. Thread-safety: a `Sendable` value; uses the caller's connection.
public struct StripeEventStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier
    /// `app_id` of the re-published messages.
    public let appId: String
    private let insertSQL: String

    /// A store in `schema`.
    public init(schema: SQLIdentifier, appId: String) {
        self.schema = schema
        self.appId = appId
        insertSQL = """
            WITH stored AS (
                INSERT INTO \(schema.quoted).stripe_events
                    (event_id, endpoint, type, account, api_version, livemode, created, payload)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                ON CONFLICT (event_id) DO NOTHING
                RETURNING event_id)
            INSERT INTO \(schema.quoted).outbox (exchange, routing_key, message_id, type, app_id,
                content_type, message_timestamp, headers, body, mandatory)
            SELECT $9, $10, $11, $10, $12, 'application/json', now(), $13, $8, false FROM stored
            RETURNING id
            """
    }

    /// Stores `event` (raw `body`) received on `endpoint`; returns `false` when Stripe's event
    /// id was stored before (nothing is written then).
    /// - Throws: `StoreError` (connection failures are `store.connection_failed`).
    public func store(_ event: StripeEventFacts, body: [UInt8], endpoint: WebhookEndpoint,
                      on conn: PGConnection) throws(StoreError) -> Bool {
        let result = try conn.execute(insertSQL, [
            .text(event.id), .text(endpoint.rawValue), .text(event.type), event.account.map(PGValue.text),
            event.apiVersion.map(PGValue.text), .bool(event.livemode), event.created.map(PGValue.int),
            .bytes(body), .text(Exchanges.events), .text(event.routingKey), .text(event.messageId),
            .text(appId), .json(StripeEventStore.headersJSON(event)),
        ])
        return result.rowCount > 0
    }

    /// Whether the event with Stripe id `eventId` is stored.
    /// - Throws: `StoreError`.
    public func contains(eventId: String, on conn: PGConnection) throws(StoreError) -> Bool {
        try conn.execute("SELECT 1 FROM \(schema.quoted).stripe_events WHERE event_id = $1", [.text(eventId)])
            .rowCount > 0
    }

    /// The AMQP headers of the re-published event as the outbox's JSON object, keys sorted:
    /// `x-schema-version` 1, `x-stripe-account` (when the event has `account`),
    /// `x-stripe-api-version` (when known), `x-stripe-event-id` — what
    /// `MessageHeaders(stripeAccount:extra:).table` holds, written directly (hot path).
    static func headersJSON(_ event: StripeEventFacts) -> [UInt8] {
        var text = "{\"" + MessageHeaders.Key.schemaVersion + "\":1"
        if let account = event.account { text += ",\"" + MessageHeaders.Key.stripeAccount + "\":" + JSONText.quoted(account) }
        if let version = event.apiVersion {
            text += ",\"" + MessageHeaders.Key.stripeApiVersion + "\":" + JSONText.quoted(version)
        }
        text += ",\"" + MessageHeaders.Key.stripeEventId + "\":" + JSONText.quoted(event.id) + "}"
        return Array(text.utf8)
    }
}
