import Store

/// The fleet limiter's two statements, one round trip each, on the limiter's own connection
/// (autocommit): `stripe_limits.take` and `stripe_limits.slow_down`
/// (docker/postgres/03-stripe-rate-limits.sql). Thread-safety: a value; the connection is the
/// caller's (the limiter's thread).
struct FleetRateLimitStore {
    let keyId: String
    let budget: StripeRateBudget

    /// Decides one request (``StripeRateBucket/take(endpoint:priority:now:)`` on the shared rows).
    /// - Throws: `StoreError` (connection lost, the function missing: a database not provisioned).
    func take(endpoint: String, priority: StripeCallPriority, on db: PGConnection) throws(StoreError) -> StripeRateBucket.Decision {
        let result = try db.execute("SELECT stripe_limits.take($1, $2, $3, $4, $5, $6) AS wait",
                                    [.text(keyId), .text(endpoint), .double(budget.global),
                                     budget.endpoint.map { .double($0) } ?? .null, .double(budget.burstSeconds),
                                     .bool(priority == .background)])
        guard let row = result.first else {
            throw StoreError(code: StoreError.Code.queryFailed, sqlState: nil, message: "stripe_limits.take returned no row")
        }
        let wait = try row.double("wait")
        return wait < 0 ? .retry(after: -wait) : .send(after: wait)
    }

    /// Records a `429` for the whole fleet (``StripeRateBucket/slowDown(pause:now:)``).
    /// - Throws: `StoreError`.
    func slowDown(pause: Double, on db: PGConnection) throws(StoreError) {
        try db.execute("SELECT stripe_limits.slow_down($1, $2)", [.text(keyId), .double(pause)])
    }
}
