import Messages
public import Store

/// The SQL of `disputes`: each dispute on an order's payment, keyed by its id (`dp_…`).
/// Calls run on the caller's connection and throw `StoreError`.
public struct DisputeStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    static let columns = """
        dispute, account, order_reference, charge, payment_intent, amount, currency, reason, status, evidence_due_by,
        has_evidence, submission_count, platform_liable, funds_withdrawn, funds_reinstated, last_event_at, closed_published
        """

    /// The dispute `dispute` on `account` (any account when `nil`), or `nil`; `lock` takes a row lock.
    public func find(_ dispute: String, account: String? = nil, lock: Bool = false, on db: PGConnection) throws -> DisputeRecord? {
        try db.query(
            "SELECT \(Self.columns) FROM \(schema.quoted).disputes WHERE dispute = $1 AND ($2::text IS NULL OR account = $2)"
                + (lock ? " FOR UPDATE" : ""), [.text(dispute), account.map(PGValue.text)], Self.decode
        ).first
    }

    /// Inserts the dispute, or replaces its mutable fields when it is recorded already.
    public func save(_ record: DisputeRecord, on db: PGConnection) throws {
        try db.execute(
            """
            INSERT INTO \(schema.quoted).disputes (\(Self.columns))
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
            ON CONFLICT (dispute) DO UPDATE SET amount = EXCLUDED.amount, reason = EXCLUDED.reason, status = EXCLUDED.status,
                evidence_due_by = EXCLUDED.evidence_due_by, has_evidence = EXCLUDED.has_evidence,
                submission_count = EXCLUDED.submission_count, funds_withdrawn = EXCLUDED.funds_withdrawn,
                funds_reinstated = EXCLUDED.funds_reinstated, last_event_at = EXCLUDED.last_event_at,
                closed_published = EXCLUDED.closed_published, updated_at = now()
            """,
            [
                .text(record.dispute), .text(record.account), .text(record.orderReference), record.charge.map(PGValue.text),
                record.paymentIntent.map(PGValue.text), .int(Int64(record.amount)), .text(record.currency), .text(record.reason),
                .text(record.status.rawValue), record.evidenceDueBy.map { .int(Int64($0)) }, .bool(record.hasEvidence),
                .int(Int64(record.submissionCount)), record.platformLiable.map(PGValue.bool), .int(Int64(record.fundsWithdrawn)),
                .int(Int64(record.fundsReinstated)), .int(Int64(record.lastEventAt)), .bool(record.closedPublished),
            ])
    }

    /// Marks up to `limit` disputes still awaiting a response whose deadline falls in
    /// (`now`, `until`] as reminded, skipping rows other transactions hold, and returns them
    /// (ordered by deadline). Run it in the transaction that writes their events.
    public func claimReminders(now: Int, until: Int, limit: Int = 100, on db: PGConnection) throws -> [DisputeRecord] {
        try db.query(
            """
            UPDATE \(schema.quoted).disputes SET due_soon_published_at = now(), updated_at = now()
            WHERE dispute = ANY(ARRAY(
                SELECT dispute FROM \(schema.quoted).disputes
                WHERE due_soon_published_at IS NULL AND status IN ('needs_response', 'warning_needs_response')
                  AND evidence_due_by > $1 AND evidence_due_by <= $2
                ORDER BY evidence_due_by LIMIT $3 FOR UPDATE SKIP LOCKED))
            RETURNING \(Self.columns)
            """, [.int(Int64(now)), .int(Int64(until)), .int(Int64(limit))], planning: .perExecution, Self.decode
        ).sorted { ($0.evidenceDueBy ?? 0) < ($1.evidenceDueBy ?? 0) }
    }

    static func decode(_ row: PGRow) throws -> DisputeRecord {
        DisputeRecord(
            dispute: try row.string("dispute"), account: try row.string("account"), orderReference: try row.string("order_reference"),
            charge: try row.optionalString("charge"), paymentIntent: try row.optionalString("payment_intent"),
            amount: Int(try row.int("amount")), currency: try row.string("currency"), reason: try row.string("reason"),
            status: DisputeStatus(rawValue: try row.string("status")), evidenceDueBy: try row.optionalInt("evidence_due_by").map { Int($0) },
            hasEvidence: try row.bool("has_evidence"), submissionCount: Int(try row.int("submission_count")),
            platformLiable: try row.optionalBool("platform_liable"), fundsWithdrawn: Int(try row.int("funds_withdrawn")),
            fundsReinstated: Int(try row.int("funds_reinstated")), lastEventAt: Int(try row.int("last_event_at")),
            closedPublished: try row.bool("closed_published"))
    }
}
