import Bus
import Messages
import Store
import StripeAPI

/// Writes `<schema>.message_log` (see `Migrator.runtimeMigrations`): for a message of a
/// Stripe-bound route that called Stripe or replied, its outcome, the reply as sent and every
/// Stripe HTTP attempt with the request id Stripe (or stripe-sim) answered — what
/// `connectbus trace` reads to join a command to its Stripe calls and the webhooks they caused
/// (a Stripe event's `request.id`).
///
/// Cost: nothing for a message that neither called Stripe nor replied; else one `INSERT … ON
/// CONFLICT` inside the message's own transaction, deferred to travel with its `COMMIT` (no
/// round trip of its own); a failed delivery's calls are written after its rollback,
/// autocommit, and a redelivery appends its calls to the same row.
/// Each element of `stripe_calls`: `at_ms` (Unix ms, when the attempt ended), `method`,
/// `path`, `status` (absent without an answer), `request_id`, `idempotency_key`, `account`,
/// `attempt` (1 = first try), `duration_ms`, `error_code`, `will_retry`. `outcome` is the
/// last delivery's (`done`, a retried failure's code, `parked <code>` when it went to the
/// DLQ); `outcomes` keeps every delivery's, `{"at_ms", "outcome"}` oldest first, so a command
/// parked by an outage and completed by a replay shows `parked …` then `done`.
enum MessageLog {
    /// At most this many attempts are kept per delivery (a runaway loop cannot grow the row unbounded).
    static let maxCalls = 100

    /// Writes the row of a committed message in its transaction, deferred: it is sent with
    /// the `COMMIT` (a failure of it fails the `COMMIT`).
    /// - Throws: `StoreError`.
    static func writeCommitted(_ scope: MessageScope, calls: [TimedAttempt], envelope: Envelope) throws {
        let reply = scope.writtenOutbox.firstIndex { $0.exchange == Exchanges.default }
            .map { scope.writtenEnvelopes[$0].body }
        guard !calls.isEmpty || reply != nil else { return }
        try scope.openTransaction()
        let (sql, params) = try statement(
            schema: scope.schema, queue: scope.queue, envelope: envelope, outcome: "done", reply: reply, calls: calls)
        try scope.database.deferWrite(sql, params) { _ in }
    }

    /// Writes the row of a failed delivery (autocommit, after its rollback) when it called
    /// Stripe or was parked; errors are logged by the caller's next use of the connection,
    /// never thrown (the failure path must go on).
    static func writeFailed(
        _ scope: MessageScope, calls: [TimedAttempt], envelope: Envelope, failure: HandlingFailure,
        decision: RetryDecision
    ) {
        let outcome = outcome(failure, decision)
        guard !calls.isEmpty || outcome != failure.code else { return }
        _ = try? write(
            scope.db, schema: scope.schema, queue: scope.queue, envelope: envelope, outcome: outcome,
            reply: nil, calls: calls)
    }

    /// The outcome recorded for a failure: its code when it is retried, `parked <code>` when
    /// it goes to the DLQ.
    static func outcome(_ failure: HandlingFailure, _ decision: RetryDecision) -> String {
        if case .deadLetter = decision { return "parked \(failure.code)" }
        return failure.code
    }

    static func write(
        _ db: PGConnection, schema: String, queue: String, envelope: Envelope, outcome: String,
        reply: [UInt8]?, calls: [TimedAttempt]
    ) throws {
        let (sql, params) = try statement(
            schema: schema, queue: queue, envelope: envelope, outcome: outcome, reply: reply, calls: calls)
        try db.execute(sql, params)
    }

    /// The upsert of a message's row and its parameters.
    /// - Throws: `store.invalid_identifier` for a bad schema name.
    static func statement(
        schema: String, queue: String, envelope: Envelope, outcome: String, reply: [UInt8]?, calls: [TimedAttempt]
    ) throws(StoreError) -> (String, [PGValue?]) {
        let table = try SQLIdentifier(schema).quoted + ".message_log"
        return (
            """
            INSERT INTO \(table) (message_id, queue, type, outcome, reply, stripe_calls, outcomes)
            VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, jsonb_build_array(jsonb_build_object(
                'at_ms', floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint, 'outcome', $4::text)))
            ON CONFLICT (message_id) DO UPDATE SET outcome = EXCLUDED.outcome,
                reply = coalesce(EXCLUDED.reply, \(table).reply),
                stripe_calls = \(table).stripe_calls || EXCLUDED.stripe_calls,
                outcomes = \(table).outcomes || EXCLUDED.outcomes, last_at = now()
            """,
            [
                .text(envelope.messageId), .text(queue), .text(envelope.type), .text(outcome),
                reply.flatMap { isJSONObject($0) ? .json($0) : nil }, .json(Array(callsJSON(calls).utf8)),
            ]
        )
    }

    /// Deletes at most `limit` rows of `<schema>.message_log` whose `last_at` is older than
    /// `olderThan` (oldest first) and returns how many: one range scan of the `last_at`
    /// index gathered into an array by a sub-select Postgres runs once, then the `DELETE`
    /// by primary key — bounded whatever the table's size (as `Inbox.prune`).
    /// - Throws: `StoreError` from the statement or for a bad schema name.
    static func prune(schema: String, olderThan: Duration, limit: Int, on db: PGConnection) throws -> Int {
        try db.deleteRows(
            of: try SQLIdentifier(schema).quoted + ".message_log", key: "message_id", by: "last_at", olderThan: olderThan,
            limit: limit)
    }

    /// The JSON array of `calls`.
    static func callsJSON(_ calls: [TimedAttempt]) -> String {
        "["
            + calls.map { call in
                let a = call.attempt
                var fields = [
                    #""at_ms":\#(call.endNanos / 1_000_000)"#, #""method":"\#(a.method.rawValue)""#,
                    #""path":\#(JSONText.quoted(a.path))"#, #""attempt":\#(a.attempt)"#,
                    #""duration_ms":\#(Int(a.duration / .milliseconds(1)))"#, #""will_retry":\#(a.willRetry)"#,
                ]
                if let status = a.httpStatus { fields.append(#""status":\#(status)"#) }
                if let id = a.requestId { fields.append(#""request_id":\#(JSONText.quoted(id))"#) }
                if let key = a.idempotencyKey { fields.append(#""idempotency_key":\#(JSONText.quoted(key))"#) }
                if let account = a.stripeAccount { fields.append(#""account":\#(JSONText.quoted(account))"#) }
                if let code = a.errorCode { fields.append(#""error_code":\#(JSONText.quoted(code))"#) }
                return "{" + fields.joined(separator: ",") + "}"
            }.joined(separator: ",") + "]"
    }

    /// A reply body is stored only when it is a JSON object (replies always are; anything
    /// else would fail the cast and with it the message's transaction).
    static func isJSONObject(_ body: [UInt8]) -> Bool {
        let trimmed = body.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        return trimmed.first == UInt8(ascii: "{")
    }
}

/// One Stripe HTTP attempt and when it ended (ns since the Unix epoch).
struct TimedAttempt {
    var attempt: StripeAttempt
    var endNanos: UInt64
}
