public import Store

extension PaymentStore {
    /// Claims up to `limit` payments still `requires_capture` for the reconciliation run
    /// `messageId`: rows not leased by another run (or whose lease ran out, or leased by
    /// this same run before a redelivery) get a lease of `leaseSeconds`. Rows locked by a
    /// concurrent run are skipped (`FOR UPDATE SKIP LOCKED`), so replicas never work on the
    /// same payment at the same time. Runs in its own statement (autocommit).
    ///
    /// - Parameters:
    ///   - authorizedBefore: only payments authorized at or before this time (Unix seconds).
    ///   - account: only this connected account's payments (`nil`: all).
    ///   - zone: only payments whose reader's location is in this time zone (`defaultZone` for
    ///     a reader or location without one); `nil`: every zone.
    public func claimForReconciliation(
        messageId: String, authorizedBefore: Int?, account: String?, limit: Int,
        leaseSeconds: Int, zone: String? = nil, defaultZone: String = "UTC",
        on db: PGConnection
    ) throws -> [TerminalPayment] {
        try db.query(
            """
            UPDATE \(table) SET reconcile_claimed_by = $1,
                reconcile_claimed_until = now() + make_interval(secs => $2)
            WHERE order_reference IN (
                SELECT order_reference FROM \(table)
                WHERE state = 'requires_capture'
                  AND ($3::bigint IS NULL OR authorized_at <= $3::bigint)
                  AND ($4::text IS NULL OR account = $4::text)
                  AND (reconcile_claimed_by IS NULL OR reconcile_claimed_by = $1 OR reconcile_claimed_until < now())
                  AND ($6::text IS NULL OR \(LocationStore.zoneExpression(schema: schema, payments: table, defaultParameter: 7)) = $6::text)
                ORDER BY authorized_at
                LIMIT $5
                FOR UPDATE SKIP LOCKED)
            RETURNING \(Self.columns)
            """,
            [
                .text(messageId), .int(Int64(leaseSeconds)), Self.int(authorizedBefore), Self.text(account),
                .int(Int64(limit)), Self.text(zone), .text(defaultZone),
            ], Self.decode)
    }

    /// Payments reconciliation would consider (for a dry run): no lease is taken.
    public func reconcilable(
        authorizedBefore: Int?, account: String?, limit: Int, zone: String? = nil, defaultZone: String = "UTC",
        on db: PGConnection
    ) throws -> [TerminalPayment] {
        try db.query(
            """
            SELECT \(Self.columns) FROM \(table)
            WHERE state = 'requires_capture'
              AND ($1::bigint IS NULL OR authorized_at <= $1::bigint)
              AND ($2::text IS NULL OR account = $2::text)
              AND ($4::text IS NULL OR \(LocationStore.zoneExpression(schema: schema, payments: table, defaultParameter: 5)) = $4::text)
            ORDER BY authorized_at LIMIT $3
            """, [Self.int(authorizedBefore), Self.text(account), .int(Int64(limit)), Self.text(zone), .text(defaultZone)], Self.decode)
    }

    /// The time zone of each payment (its reader's location's, else `defaultZone`), by PaymentIntent.
    public func zones(of paymentIntents: [String], defaultZone: String, on db: PGConnection) throws -> [String: String] {
        guard !paymentIntents.isEmpty else { return [:] }
        let rows = try db.query(
            """
            SELECT payment_intent_id, \(LocationStore.zoneExpression(schema: schema, payments: table, defaultParameter: 2)) AS zone
            FROM \(table) WHERE payment_intent_id = ANY($1)
            """, [.textArray(paymentIntents), .text(defaultZone)]
        ) { row in (try row.string("payment_intent_id"), try row.string("zone")) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// Ends the lease of run `messageId` on `paymentIntent`.
    public func releaseReconciliation(paymentIntent: String, messageId: String, on db: PGConnection) throws {
        try db.execute(
            """
            UPDATE \(table) SET reconcile_claimed_by = NULL, reconcile_claimed_until = NULL
            WHERE payment_intent_id = $1 AND reconcile_claimed_by = $2
            """, [.text(paymentIntent), .text(messageId)])
    }
}
