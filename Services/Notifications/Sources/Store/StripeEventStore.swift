#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Runtime
import Bus
import Messages
public import Store

/// One verified webhook event on its way into ``StripeEventStore``: what was read from it,
/// its bytes as Stripe sent them less any `client_secret` member (``EventBodyScrubber``),
/// and the endpoint it came in on.
public struct IncomingStripeEvent: Sendable {
    /// Id, type, account and API version read from the event.
    public var facts: StripeEventFacts
    /// The body to store and re-publish: the verified request body after
    /// ``EventBodyScrubber/scrub(_:)`` (no longer the signed bytes when a secret was removed).
    public var body: [UInt8]
    /// Where it was received (a backfilled event: the endpoint it would have come in on).
    public var endpoint: WebhookEndpoint
    /// How it reached the service: a webhook, or the backfill sweep's `GET /v1/events`
    /// (then the re-published message carries `x-stripe-source: backfill`).
    public var source: StripeEventSource
    /// The `traceparent` the re-published message carries (the webhook request's span), if traced.
    public var traceparent: String?

    /// An event to store.
    public init(
        facts: StripeEventFacts, body: [UInt8], endpoint: WebhookEndpoint, source: StripeEventSource = .webhook,
        traceparent: String? = nil
    ) {
        self.facts = facts
        self.body = body
        self.endpoint = endpoint
        self.source = source
        self.traceparent = traceparent
    }
}

/// How a Stripe event reached the service. Thread-safe value type.
public enum StripeEventSource: String, Sendable {
    /// Delivered to a webhook endpoint.
    case webhook
    /// Listed by the backfill sweep from `GET /v1/events`.
    case backfill
}

/// The SQL of the webhook ingress: stores verified Stripe events and their outbox rows in
/// one statement (one implicit transaction, one round trip) per batch — the events' insert
/// is this type's, the outbox rows are written by `OutboxWriter.enqueue(_:ifReturnedBy:parameters:on:)`
/// (the Store owns the outbox's SQL), and each body is sent once.
///
/// Each event goes to `<schema>.stripe_events` (`ON CONFLICT (event_id) DO NOTHING`); only
/// when it was new does the same statement insert the outbox row that re-publishes it on
/// `connectbus.events` as `stripe.<type>` with the stored bytes as body and headers
/// `x-stripe-event-id`, `x-stripe-account`, `x-stripe-api-version`, in the batch's order.
/// A duplicate therefore adds nothing. Thread-safety: a `Sendable` value; uses the
/// caller's connection.
public struct StripeEventStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier
    /// `app_id` of the re-published messages.
    public let appId: String
    /// The outbox the re-publishing rows go to (its SQL is the Store's).
    private let outbox: OutboxWriter

    /// A store in `schema`.
    public init(schema: SQLIdentifier, appId: String) {
        self.schema = schema
        self.appId = appId
        outbox = OutboxWriter(schema: schema.name)
    }

    /// Stores `event` (its scrubbed `body`) received on `endpoint`; returns `false` when Stripe's event
    /// id was stored before (nothing is written then).
    /// - Throws: `StoreError` (connection failures are `store.connection_failed`).
    public func store(
        _ event: StripeEventFacts, body: [UInt8], endpoint: WebhookEndpoint,
        on conn: PGConnection
    ) throws(StoreError) -> Bool {
        try store([IncomingStripeEvent(facts: event, body: body, endpoint: endpoint)], on: conn)[0]
    }

    /// Stores a batch of events with their outbox rows in one statement: all of them or
    /// none. Returns, per event in order, `true` when it was stored and `false` when its id
    /// was stored before — by an earlier statement or earlier in the same batch (the first
    /// occurrence wins).
    /// - Throws: `StoreError` (connection failures are `store.connection_failed`).
    public func store(_ batch: [IncomingStripeEvent], on conn: PGConnection) throws(StoreError) -> [Bool] {
        guard !batch.isEmpty else { return [] }
        var firstIndex: [String: Int] = [:]
        var rows: [String] = []
        var params: [PGValue?] = []
        var messages: [KeyedOutboxMessage] = []
        let now = Date()
        for (index, event) in batch.enumerated() where firstIndex[event.facts.id] == nil {
            firstIndex[event.facts.id] = index
            let n = params.count
            rows.append(
                "(\(rows.count), $\(n + 1)::text, $\(n + 2)::text, $\(n + 3)::text, $\(n + 4)::text, "
                    + "$\(n + 5)::boolean, $\(n + 6)::bigint)")
            let facts = event.facts
            params += [
                .text(event.endpoint.rawValue), .text(facts.type), facts.account.map(PGValue.text),
                facts.apiVersion.map(PGValue.text), .bool(facts.livemode), facts.created.map(PGValue.int),
            ]
            messages.append(
                KeyedOutboxMessage(
                    key: facts.id,
                    message: OutboxMessage(
                        exchange: Exchanges.events, routingKey: facts.routingKey, messageId: facts.messageId,
                        type: facts.routingKey, appId: appId, timestamp: now,
                        headersJSON: StripeEventStore.headersJSON(facts, source: event.source, traceparent: event.traceparent),
                        body: event.body,
                        mandatory: false)))
        }
        let stored = try outbox.enqueue(
            messages,
            ifReturnedBy: """
                INSERT INTO \(schema.quoted).stripe_events
                    (event_id, endpoint, type, account, api_version, livemode, created, payload)
                SELECT m.key, e.endpoint, e.type, e.account, e.api_version, e.livemode, e.created, m.body
                FROM (VALUES \(rows.joined(separator: ", "))) AS e (ord, endpoint, type, account, api_version, livemode, created)
                JOIN message m ON m.ord = e.ord ORDER BY e.ord
                ON CONFLICT (event_id) DO NOTHING
                RETURNING event_id AS key
                """, parameters: params, on: conn)
        return batch.enumerated().map { index, event in
            firstIndex[event.facts.id] == index && stored.contains(event.facts.id)
        }
    }

    /// Whether the event with Stripe id `eventId` is stored.
    /// - Throws: `StoreError`.
    public func contains(eventId: String, on conn: PGConnection) throws(StoreError) -> Bool {
        try conn.execute("SELECT 1 FROM \(schema.quoted).stripe_events WHERE event_id = $1", [.text(eventId)])
            .rowCount > 0
    }

    /// The header naming how the event arrived when it did not come by webhook.
    public static let stripeSourceHeader = "x-stripe-source"

    /// The AMQP headers of the re-published event as the outbox's JSON object, keys sorted:
    /// `x-schema-version` 1, `x-stripe-account` (when the event has `account`),
    /// `x-stripe-api-version` (when known), `x-stripe-event-id`, and `x-stripe-source`
    /// `backfill` for an event the backfill sweep fetched (absent for webhooks), and first
    /// `traceparent` when the request was traced — what
    /// `MessageHeaders(stripeAccount:extra:).table` holds, written directly (hot path).
    static func headersJSON(
        _ event: StripeEventFacts, source: StripeEventSource = .webhook,
        traceparent: String? = nil
    ) -> [UInt8] {
        var text = "{"
        if let traceparent { text += "\"" + MessageHeaders.Key.traceparent + "\":" + JSONText.quoted(traceparent) + "," }
        text += "\"" + MessageHeaders.Key.schemaVersion + "\":1"
        if let account = event.account { text += ",\"" + MessageHeaders.Key.stripeAccount + "\":" + JSONText.quoted(account) }
        if let version = event.apiVersion {
            text += ",\"" + MessageHeaders.Key.stripeApiVersion + "\":" + JSONText.quoted(version)
        }
        text += ",\"" + MessageHeaders.Key.stripeEventId + "\":" + JSONText.quoted(event.id)
        if source == .backfill { text += ",\"" + stripeSourceHeader + "\":\"backfill\"" }
        text += "}"
        return Array(text.utf8)
    }
}
