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
    public func claimForReconciliation(messageId: String, authorizedBefore: Int?, account: String?, limit: Int,
                                       leaseSeconds: Int, on db: PGConnection) throws -> [TerminalPayment] {
        try db.query("""
            UPDATE \(table) SET reconcile_claimed_by = $1,
                reconcile_claimed_until = now() + make_interval(secs => $2)
            WHERE order_reference IN (
                SELECT order_reference FROM \(table)
                WHERE state = 'requires_capture'
                  AND ($3::bigint IS NULL OR authorized_at <= $3::bigint)
                  AND ($4::text IS NULL OR account = $4::text)
                  AND (reconcile_claimed_by IS NULL OR reconcile_claimed_by = $1 OR reconcile_claimed_until < now())
                ORDER BY authorized_at
                LIMIT $5
                FOR UPDATE SKIP LOCKED)
            RETURNING \(Self.columns)
            """, [.text(messageId), .int(Int64(leaseSeconds)), Self.int(authorizedBefore), Self.text(account),
                  .int(Int64(limit))], Self.decode)
    }

    /// Payments reconciliation would consider (for a dry run): no lease is taken.
    public func reconcilable(authorizedBefore: Int?, account: String?, limit: Int, on db: PGConnection) throws -> [TerminalPayment] {
        try db.query("""
            SELECT \(Self.columns) FROM \(table)
            WHERE state = 'requires_capture'
              AND ($1::bigint IS NULL OR authorized_at <= $1::bigint)
              AND ($2::text IS NULL OR account = $2::text)
            ORDER BY authorized_at LIMIT $3
            """, [Self.int(authorizedBefore), Self.text(account), .int(Int64(limit))], Self.decode)
    }

    /// Ends the lease of run `messageId` on `paymentIntent`.
    public func releaseReconciliation(paymentIntent: String, messageId: String, on db: PGConnection) throws {
        try db.execute("""
            UPDATE \(table) SET reconcile_claimed_by = NULL, reconcile_claimed_until = NULL
            WHERE payment_intent_id = $1 AND reconcile_claimed_by = $2
            """, [.text(paymentIntent), .text(messageId)])
    }
}
