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
        let result = try db.execute(
            "SELECT stripe_limits.take($1, $2, $3, $4, $5, $6) AS wait",
            [
                .text(keyId), .text(endpoint), .double(budget.global),
                budget.endpoint.map { .double($0) } ?? .null, .double(budget.burstSeconds),
                .bool(priority == .background),
            ])
        guard let row = result.first else {
            throw StoreError(code: StoreError.Code.queryFailed, sqlState: nil, message: "stripe_limits.take returned no row")
        }
        let wait = try row.double("wait")
        return wait < 0 ? .retry(after: -wait) : .send(after: wait)
    }

    /// Decides `requests` in one round trip, in order (`stripe_limits.take_many`).
    /// - Throws: `StoreError`; then none of them was decided.
    func take(
        _ requests: [(endpoint: String, priority: StripeCallPriority)],
        on db: PGConnection
    ) throws(StoreError) -> [StripeRateBucket.Decision] {
        let result = try db.execute(
            "SELECT w AS wait FROM unnest(stripe_limits.take_many($1, $2::text[], $3, $4, $5, $6::text[]::boolean[])) WITH ORDINALITY AS t(w, n) ORDER BY n",
            [
                .text(keyId), .textArray(requests.map(\.endpoint)), .double(budget.global),
                budget.endpoint.map { .double($0) } ?? .null, .double(budget.burstSeconds),
                .textArray(requests.map { $0.priority == .background ? "t" : "f" }),
            ])
        guard result.rowCount == requests.count else {
            throw StoreError(
                code: StoreError.Code.queryFailed, sqlState: nil,
                message: "stripe_limits.take_many answered \(result.rowCount) of \(requests.count) requests")
        }
        var decisions: [StripeRateBucket.Decision] = []
        for row in result.rows {
            let wait = try row.double("wait")
            decisions.append(wait < 0 ? .retry(after: -wait) : .send(after: wait))
        }
        return decisions
    }

    /// Records a `429` for the whole fleet (``StripeRateBucket/slowDown(pause:now:)``).
    /// - Throws: `StoreError`.
    func slowDown(pause: Double, on db: PGConnection) throws(StoreError) {
        try db.execute("SELECT stripe_limits.slow_down($1, $2)", [.text(keyId), .double(pause)])
    }
}
