import Bus
import Foundation
import Messages
import Store

/// Gathers what `connectbus trace` prints for one id, from a running deployment with the
/// admin credentials only (`DATABASE_URL` as the admin role, `AMQP_URL` for the history
/// stream):
///
/// - every service schema's `message_log` (the command's queue and type, its reply, each
///   Stripe HTTP attempt with its request id; found by its message id, or by the request id
///   of one of its Stripe calls — a `req_…` from an error reply) and `inbox` (when each
///   service received it);
/// - domain records whose columns hold one of the ids (`orders`, `payments`, `refunds`,
///   `accounts` of any schema; `created_message_id` joins an order to its command);
/// - notifications' stored Stripe events whose `request.id` is one of the Stripe calls'
///   request ids, or whose `id` / `data.object.id` is one of the ids (the webhooks that came back);
/// - notifications' `emails` caused by one of the messages or for one of the order references;
/// - the event history stream `connectbus.events.history`, read from a little before the
///   earliest time found until it is idle: events whose `message_id`, `x-causation-id` or
///   `x-stripe-event-id` is known, or whose `order_reference` is one of the ids.
///
/// The sets of ids grow until nothing new is found (at most ``maxRounds`` rounds): an
/// event caused by a known message is known, and so on. Ids of connected accounts are not
/// followed (an account joins everything done for it); giving one as the id shows its own rows.
/// Thread-safety: not `Sendable`; used on the CLI's main thread.
final class TraceGatherer {
    static let maxRounds = 6
    let db: PGConnection
    let environment: CLIEnvironment
    /// Message ids (commands, events, re-published webhooks) of the trace.
    private(set) var messageIds = Set<String>()
    /// Other ids: order references, Stripe object and event ids.
    private(set) var keys = Set<String>()
    /// Stripe request ids of the calls made (`req_…`).
    private(set) var requestIds = Set<String>()
    private var entries: [String: TraceEntry] = [:]
    /// When each known message was last handled (its transaction), per schema that handled
    /// it: the publishing service's time is a lower bound for the time of what it caused
    /// (events carry whole seconds only); another consumer's is not (it may handle the same
    /// message later than the publisher did).
    private var handledAt: [String: [String: Date]] = [:]
    /// `<schema>|<message id>` of the `message_log` rows (their inbox rows add nothing).
    private var logged = Set<String>()
    /// When a re-published webhook (`stripe:<event id>`) was stored by the ingress.
    private var storedAt: [String: Date] = [:]
    private var tables: [(schema: String, table: String)] = []
    private var earliest: Date?

    init(db: PGConnection, environment: CLIEnvironment) {
        self.db = db
        self.environment = environment
    }

    /// Everything found for `id`, in time order.
    /// - Parameters:
    ///   - history: read the event history stream (it needs the broker).
    ///   - idle: stop reading the stream after this long without a message.
    /// - Throws: ``CLIError`` when Postgres or the broker cannot be read.
    func gather(_ id: String, history: Bool, idle: Duration) throws(CLIError) -> [TraceEntry] {
        if id.hasPrefix("req_") { requestIds.insert(id) } else { keys.insert(id); messageIds.insert(id) }
        tables = try discoverTables()
        var events: [Delivery] = []
        var readHistory = false
        for _ in 0..<Self.maxRounds {
            let before = (messageIds.count, keys.count, requestIds.count)
            try databaseRound()
            if history, !readHistory, let from = earliest ?? Optional(Date().addingTimeInterval(-86_400)) {
                events = try readHistoryStream(from: from.addingTimeInterval(-60), idle: idle)
                readHistory = true
            }
            match(events)
            if (messageIds.count, keys.count, requestIds.count) == before { break }
        }
        return TraceEntry.ordered(Array(entries.values))
    }

    // MARK: Postgres

    private func discoverTables() throws(CLIError) -> [(schema: String, table: String)] {
        try run {
            try db.query(
                """
                SELECT table_schema, table_name FROM information_schema.tables
                WHERE table_name IN ('message_log', 'inbox', 'orders', 'payments', 'refunds', 'accounts',
                                     'stripe_events', 'emails')
                  AND table_schema NOT IN ('pg_catalog', 'information_schema')
                ORDER BY table_schema, table_name
                """
            ) { row in (try row.string("table_schema"), try row.string("table_name")) }
        }
    }

    private func databaseRound() throws(CLIError) {
        let ordered = tables.filter { $0.table == "message_log" } + tables.filter { $0.table != "message_log" }
        for (schema, table) in ordered {
            let quoted = "\"\(schema)\".\"\(table)\""
            switch table {
            case "message_log": try messageLog(schema, quoted)
            case "inbox": try inbox(schema, quoted)
            case "stripe_events": try stripeEvents(schema, quoted)
            case "emails": try emails(schema, quoted)
            default: try records(schema, table, quoted)
            }
        }
    }

    private func messageLog(_ schema: String, _ table: String) throws(CLIError) {
        let rows = try run {
            try db.query(
                """
                SELECT message_id, queue, type, outcome, reply::text AS reply, stripe_calls::text AS calls,
                       (to_jsonb(m) -> 'outcomes')::text AS outcomes, first_at, last_at
                FROM \(table) AS m
                WHERE message_id = ANY($1::text[])
                   OR m.stripe_calls @> ANY(ARRAY(SELECT jsonb_build_array(jsonb_build_object('request_id', r))
                                                  FROM unnest($2::text[]) AS r))
                """, [.textArray(Array(messageIds)), .textArray(Array(requestIds))]
            ) { row in
                (
                    try row.string("message_id"), try row.string("queue"), try row.string("type"),
                    try row.string("outcome"), try row.optionalString("reply"), try row.string("calls"),
                    try row.optionalString("outcomes"), try row.date("first_at"), try row.date("last_at")
                )
            }
        }
        for (id, queue, type, outcome, reply, calls, outcomesText, firstAt, lastAt) in rows {
            messageIds.insert(id)  // found by a request id: follow the message from here
            keys.insert(id)
            logged.insert("\(schema)|\(id)")
            handled(id, in: schema, at: lastAt)
            let parsedCalls = Self.jsonArray(calls) ?? []
            // Received before its first Stripe call started (the row's times are its transaction's).
            let firstCall = parsedCalls.compactMap { call -> Date? in
                guard let end = (call["at_ms"] as? NSNumber)?.doubleValue else { return nil }
                let ms = (call["duration_ms"] as? NSNumber)?.doubleValue ?? 0
                return Date(timeIntervalSince1970: (end - ms) / 1000)
            }.min()
            let received = min(firstAt, firstCall ?? firstAt)
            note(received)
            let isCommand = type == queue
            // Every delivery's outcome, oldest first (a row written before they were kept has
            // only its last): a parked command replayed later reads `parked …` then `done`.
            let outcomes = (outcomesText.flatMap(Self.jsonArray) ?? []).compactMap { entry -> (Date, String)? in
                guard let text = entry["outcome"] as? String, let ms = (entry["at_ms"] as? NSNumber)?.doubleValue
                else { return nil }
                return (Date(timeIntervalSince1970: ms / 1000), text)
            }
            add(
                TraceEntry(
                    at: received, source: schema, kind: isCommand ? .command : .handled,
                    text: "\(type) \(id) from \(queue): \(outcomes.first?.1 ?? outcome)"))
            // Keyed by position: two deliveries that failed alike are two lines, not one.
            for (index, (at, later)) in outcomes.enumerated().dropFirst() {
                add(
                    TraceEntry(at: at, source: schema, kind: .handled, text: "\(type) \(id) from \(queue): \(later)"),
                    key: "\(schema)|\(id)|outcome|\(index)")
            }
            if let reply {
                add(TraceEntry(at: lastAt, source: schema, kind: .reply, text: "\(type): \(reply)"))
                for value in Self.stripeIds(inJSON: reply) { keys.insert(value) }
            }
            for call in parsedCalls {
                let millis = (call["at_ms"] as? NSNumber)?.doubleValue ?? 0
                let request = call["request_id"] as? String
                if let request { requestIds.insert(request) }
                var text = "\(call["method"] as? String ?? "?") \(call["path"] as? String ?? "?") → "
                text += (call["status"] as? NSNumber).map { "\($0)" } ?? "no answer"
                if let request { text += " \(request)" }
                if let attempt = (call["attempt"] as? NSNumber)?.intValue, attempt > 1 { text += " retry \(attempt - 1)" }
                if let key = call["idempotency_key"] as? String { text += " idempotency-key \(key)" }
                if let account = call["account"] as? String { text += " on \(account)" }
                if let code = call["error_code"] as? String { text += " error \(code)" }
                if let ms = (call["duration_ms"] as? NSNumber)?.intValue { text += " (\(ms) ms)" }
                add(TraceEntry(at: Date(timeIntervalSince1970: millis / 1000), source: schema, kind: .stripe, text: text))
                for segment in (call["path"] as? String ?? "").split(separator: "/") where Self.isFollowedStripeId(String(segment)) {
                    keys.insert(String(segment))
                }
            }
        }
    }

    private func inbox(_ schema: String, _ table: String) throws(CLIError) {
        let rows = try run {
            try db.query(
                "SELECT message_id, queue, received_at FROM \(table) WHERE message_id = ANY($1::text[])",
                [.textArray(Array(messageIds))]
            ) { row in
                (try row.string("message_id"), try row.string("queue"), try row.date("received_at"))
            }
        }
        for (id, queue, at) in rows {
            note(at)
            handled(id, in: schema, at: at)
            guard !logged.contains("\(schema)|\(id)") else { continue }
            add(TraceEntry(at: at, source: schema, kind: .received, text: "\(id) from \(queue)"))
        }
    }

    private func stripeEvents(_ schema: String, _ table: String) throws(CLIError) {
        let rows = try run {
            try db.query(
                """
                SELECT event_id, type, account, received_at, p->'request'->>'id' AS request_id,
                       p->'data'->'object'->>'id' AS object_id
                FROM \(table), LATERAL (SELECT convert_from(payload, 'UTF8')::jsonb AS p) AS parsed
                WHERE event_id = ANY($1::text[]) OR p->'request'->>'id' = ANY($2::text[])
                   OR p->'data'->'object'->>'id' = ANY($1::text[])
                """, [.textArray(Array(keys)), .textArray(Array(requestIds))]
            ) { row in
                (
                    try row.string("event_id"), try row.string("type"), try row.optionalString("account"),
                    try row.date("received_at"), try row.optionalString("request_id"), try row.optionalString("object_id")
                )
            }
        }
        for (event, type, account, at, request, object) in rows {
            note(at)
            keys.insert(event)
            storedAt["stripe:\(event)"] = at
            if let object, Self.isFollowedStripeId(object) { keys.insert(object) }
            var text = "\(event) \(type)"
            if let object { text += " \(object)" }
            if let account { text += " on \(account)" }
            if let request { text += " (request \(request))" }
            add(TraceEntry(at: at, source: schema, kind: .webhook, text: text))
        }
    }

    private func emails(_ schema: String, _ table: String) throws(CLIError) {
        let rows = try run {
            try db.query(
                """
                SELECT notification, source_message_id, source_event, template, recipient, status, attempts,
                       coalesce(sent_at, updated_at, created_at) AS at, last_error_code
                FROM \(table) WHERE source_message_id = ANY($1::text[]) OR order_reference = ANY($2::text[])
                """, [.textArray(Array(messageIds)), .textArray(Array(keys))]
            ) { row in
                (
                    try row.string("template"), try row.string("recipient"), try row.string("status"),
                    try row.int("attempts"), try row.date("at"), try row.optionalString("last_error_code"),
                    try row.string("source_event")
                )
            }
        }
        for (template, recipient, status, attempts, at, code, event) in rows {
            var text = "\(template) to \(recipient) for \(event): \(status) after \(attempts) attempt\(attempts == 1 ? "" : "s")"
            if let code { text += " (\(code))" }
            add(TraceEntry(at: at, source: schema, kind: .email, text: text))
        }
    }

    /// Rows of a domain table with any column equal to a known id.
    private func records(_ schema: String, _ table: String, _ quoted: String) throws(CLIError) {
        let rows = try run {
            try db.query(
                """
                SELECT to_jsonb(t)::text AS row FROM \(quoted) t
                WHERE EXISTS (SELECT 1 FROM jsonb_each_text(to_jsonb(t)) AS e WHERE e.value = ANY($1::text[]))
                """, [.textArray(Array(keys.union(messageIds)))]
            ) { row in try row.string("row") }
        }
        for text in rows {
            guard let object = Self.jsonObject(text) else { continue }
            let at = (object["created_at"] as? String).flatMap(Self.parseTimestamp) ?? Date(timeIntervalSince1970: 0)
            note(at)
            if let created = object["created_message_id"] as? String { messageIds.insert(created) }
            if let reference = object["order_reference"] as? String { keys.insert(reference) }
            for case let value as String in object.values where Self.isFollowedStripeId(value) { keys.insert(value) }
            let shown = [
                "order_reference", "state", "status", "amount", "currency", "checkout_session", "payment_intent",
                "refund", "account", "created_message_id",
            ]
            .compactMap { key in object[key].flatMap { $0 is NSNull ? nil : "\(key)=\($0)" } }
            add(TraceEntry(at: at, source: schema, kind: .record, text: "\(table) " + shown.joined(separator: " ")))
        }
    }

    // MARK: The history stream

    private func readHistoryStream(from: Date, idle: Duration) throws(CLIError) -> [Delivery] {
        var events: [Delivery] = []
        let follower = EventFollower(
            url: try environment.parsedAMQPURL(), patterns: ["#"],
            history: .timestamp(from), connectionName: "connectbus.trace",
            emit: { events.append($0) })
        follower.stopsWhenIdle = idle
        try follower.follow(limit: nil, duration: .seconds(600))
        return events
    }

    private func match(_ events: [Delivery]) {
        var changed = true
        while changed {
            changed = false
            for delivery in events {
                let envelope = delivery.envelope
                let eventId = envelope.headers.extra[MessageHeaders.Key.stripeEventId]
                let reference = Self.jsonObject(String(decoding: envelope.body, as: UTF8.self))?["order_reference"] as? String
                let related =
                    messageIds.contains(envelope.messageId)
                    || envelope.headers.causationId.map(messageIds.contains) == true
                    || eventId.map(keys.contains) == true
                    || reference.map(keys.contains) == true
                guard related else { continue }
                if messageIds.insert(envelope.messageId).inserted { changed = true }
                if let cause = envelope.headers.causationId, messageIds.insert(cause).inserted { changed = true }
                if let reference { keys.insert(reference) }
                let at = max(
                    envelope.timestamp,
                    envelope.headers.causationId.flatMap { handledTime($0, by: envelope.appId) } ?? envelope.timestamp,
                    storedAt[envelope.messageId] ?? envelope.timestamp)
                var text = "\(delivery.routingKey) \(envelope.messageId)"
                if let cause = envelope.headers.causationId { text += " caused by \(cause)" }
                if let account = envelope.headers.stripeAccount { text += " on \(account)" }
                add(TraceEntry(at: at, source: "bus", kind: .event, text: text), key: "event|\(envelope.messageId)")
            }
        }
    }

    // MARK: Helpers

    private func add(_ entry: TraceEntry, key: String? = nil) {
        entries[key ?? "\(entry.source)|\(entry.kind.rawValue)|\(entry.text)"] = entry
    }

    private func handled(_ id: String, in schema: String, at date: Date) {
        handledAt[id, default: [:]][schema] = max(handledAt[id]?[schema] ?? date, date)
    }

    /// When the service `appId` handled `id` (its schema is its name, or the name's first
    /// word: `terminal-gateway`'s is `terminal`); when it is not known, the earliest time any
    /// schema did, still a lower bound. `nil` when no schema recorded it.
    private func handledTime(_ id: String, by appId: String) -> Date? {
        guard let bySchema = handledAt[id] else { return nil }
        if let own = bySchema[appId] ?? bySchema[String(appId.prefix { $0 != "-" })] { return own }
        return bySchema.values.min()
    }

    private func note(_ date: Date) {
        guard date.timeIntervalSince1970 > 0 else { return }
        earliest = min(earliest ?? date, date)
    }

    /// Runs a query of one table; a table or schema dropped since the discovery (a benchmark's
    /// throw-away schema) reads as empty.
    private func run<T>(_ body: () throws -> [T]) throws(CLIError) -> [T] {
        do { return try body() } catch let error as StoreError where ["42P01", "3F000"].contains(error.sqlState ?? "") {
            return []
        } catch {
            throw CLIError(
                "trace: reading Postgres failed: \(error)",
                hint: "DATABASE_URL must log in as the admin role (connectbus_admin locally)")
        }
    }

    /// Stripe object ids followed from one record to the next: Checkout Sessions,
    /// PaymentIntents, charges, refunds, SetupIntents, events (not accounts or customers,
    /// which join unrelated work).
    static func isFollowedStripeId(_ value: String) -> Bool {
        ["cs_", "pi_", "ch_", "py_", "re_", "seti_", "evt_", "tmr_"].contains { value.hasPrefix($0) } && value.count > 6
    }

    static func stripeIds(inJSON text: String) -> [String] {
        guard let object = jsonObject(text) else { return [] }
        var found: [String] = []
        func walk(_ value: Any) {
            if let string = value as? String, isFollowedStripeId(string) { found.append(string) }
            if let dictionary = value as? [String: Any] { dictionary.values.forEach(walk) }
            if let array = value as? [Any] { array.forEach(walk) }
        }
        walk(object)
        return found
    }

    static func jsonObject(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    static func jsonArray(_ text: String) -> [[String: Any]]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]]
    }

    /// A `to_jsonb` timestamp (`2026-12-01T12:00:00.123456+00:00`).
    static func parseTimestamp(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }
}
