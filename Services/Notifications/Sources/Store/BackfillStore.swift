public import Store

/// Where a backfill sweep of one scope stands (`backfill_scopes`).
///
/// A scope is `platform` or a connected account's `acct_…` (listed with `Stripe-Account`).
/// Times are Unix seconds on Stripe's clock (events' `created`). Thread-safe value type.
public struct BackfillProgress: Sendable, Equatable {
    /// `platform` or `acct_…`.
    public var scope: String
    /// Newest `created` a finished sweep has covered (or an event stored by webhook proved
    /// Stripe's clock had reached); `nil` before the first finished sweep.
    public var highWater: Int64?
    /// Lower bound (`created[gte]`) of the sweep in progress; `nil` when unbounded (first sweep).
    public var sweepSince: Int64?
    /// The last event id the sweep in progress has stored (its next `starting_after`).
    public var sweepCursor: String?
    /// Newest `created` the sweep in progress has seen, or stored at its start.
    public var sweepNewest: Int64?
    /// Whether a sweep of this scope is in progress (and resumes after a crash).
    public var sweepStarted: Bool
    /// Events this scope's sweeps stored that had not arrived by webhook.
    public var recovered: Int64
    /// Seconds since Stripe first refused to list this connected account's events with
    /// `account_invalid` (deauthorized, or gone), on the database's clock; `nil` while it is
    /// reachable (a finished sweep clears it).
    public var unreachableForSeconds: Int64?
}

/// The backfill sweep's SQL: progress per scope, requested sweeps, the accounts known.
///
/// Every method uses the caller's connection; those that change several rows are meant to
/// run in the caller's transaction (``BackfillSweeper`` stores each page's events and its
/// cursor in one). Thread-safety: a `Sendable` value. All methods throw `StoreError`.
public struct BackfillStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store in `schema`.
    public init(schema: SQLIdentifier) { self.schema = schema }

    /// The platform scope's name.
    public static let platform = "platform"

    /// Records a sweep asked for by `notifications.backfill`: from `since` (Unix seconds),
    /// or from each scope's high-water mark when `nil`. Runs in the handler's transaction.
    public func request(since: Int64?, on conn: PGConnection) throws(StoreError) {
        try conn.execute("INSERT INTO \(schema.quoted).backfill_requests (since) VALUES ($1)", [since.map(PGValue.int)])
    }

    /// Takes (deletes) the pending requests. Returns `nil` when there were none, else the
    /// earliest `since` asked for (`.some(nil)`: at least one asked for the default bound only).
    public func takeRequests(on conn: PGConnection) throws(StoreError) -> Int64?? {
        let sinces: [Int64?] = try conn.query("DELETE FROM \(schema.quoted).backfill_requests RETURNING since") { row in
            try row.optionalInt("since")
        }
        guard !sinces.isEmpty else { return nil }
        return .some(sinces.compactMap { $0 }.min())
    }

    /// `platform` and every connected account the service knows: from stored events,
    /// recorded sellers' addresses and earlier sweeps; the platform first, then by id.
    public func knownScopes(on conn: PGConnection) throws(StoreError) -> [String] {
        let s = schema.quoted
        let accounts: [String] = try conn.query(
            """
            SELECT account FROM (
                SELECT DISTINCT account FROM \(s).stripe_events WHERE account IS NOT NULL
                UNION SELECT account FROM \(s).recipients
                UNION SELECT scope FROM \(s).backfill_scopes WHERE scope <> 'platform') a
            ORDER BY account
            """
        ) { row in try row.string("account") }
        return [Self.platform] + accounts
    }

    /// The progress of every scope with a row, by scope.
    public func progress(on conn: PGConnection) throws(StoreError) -> [String: BackfillProgress] {
        let rows: [BackfillProgress] = try conn.query(
            """
            SELECT scope, high_water, sweep_since, sweep_cursor, sweep_newest, sweep_started, recovered,
                extract(epoch FROM now() - unreachable_since)::bigint AS unreachable_for
            FROM \(schema.quoted).backfill_scopes
            """
        ) { row in
            BackfillProgress(
                scope: try row.string("scope"), highWater: try row.optionalInt("high_water"),
                sweepSince: try row.optionalInt("sweep_since"), sweepCursor: try row.optionalString("sweep_cursor"),
                sweepNewest: try row.optionalInt("sweep_newest"), sweepStarted: try row.bool("sweep_started"),
                recovered: try row.int("recovered"), unreachableForSeconds: try row.optionalInt("unreachable_for"))
        }
        return Dictionary(rows.map { ($0.scope, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Starts a sweep of `scope` from `since` (`nil`: unbounded), remembering the newest
    /// `created` already stored for the scope (what a finished sweep may raise the
    /// high-water mark to even when it finds nothing).
    public func begin(scope: String, since: Int64?, on conn: PGConnection) throws(StoreError) {
        let s = schema.quoted
        try conn.execute(
            """
            INSERT INTO \(s).backfill_scopes (scope, sweep_since, sweep_cursor, sweep_newest, sweep_started)
            VALUES ($1, $2, NULL, (SELECT max(created) FROM \(s).stripe_events
                                   WHERE account IS NOT DISTINCT FROM NULLIF($1, 'platform')), true)
            ON CONFLICT (scope) DO UPDATE SET sweep_since = EXCLUDED.sweep_since, sweep_cursor = NULL,
                sweep_newest = EXCLUDED.sweep_newest, sweep_started = true
            """, [.text(scope), since.map(PGValue.int)])
    }

    /// Records a page done: its last event id (the next `starting_after`), the newest
    /// `created` it held and how many of its events were new.
    public func advance(
        scope: String, cursor: String, newest: Int64?, recovered: Int,
        on conn: PGConnection
    ) throws(StoreError) {
        try conn.execute(
            """
            UPDATE \(schema.quoted).backfill_scopes SET sweep_cursor = $2,
                sweep_newest = GREATEST(sweep_newest, $3), recovered = recovered + $4
            WHERE scope = $1
            """, [.text(scope), .text(cursor), newest.map(PGValue.int), .int(Int64(recovered))])
    }

    /// Forgets the cursor of the sweep in progress (its event is no longer listed, e.g. past
    /// Stripe's 30 days): the sweep pages again from the newest event, deduplicated.
    public func resetCursor(scope: String, on conn: PGConnection) throws(StoreError) {
        try conn.execute(
            "UPDATE \(schema.quoted).backfill_scopes SET sweep_cursor = NULL WHERE scope = $1",
            [.text(scope)])
    }

    /// Ends the sweep of `scope`: the high-water mark becomes the newest `created` seen
    /// (never lower than before), and `last_sweep_at` now; the scope is reachable.
    public func finish(scope: String, on conn: PGConnection) throws(StoreError) {
        try conn.execute(
            """
            UPDATE \(schema.quoted).backfill_scopes SET high_water = GREATEST(high_water, sweep_newest),
                sweep_since = NULL, sweep_cursor = NULL, sweep_newest = NULL, sweep_started = false,
                last_sweep_at = now(), unreachable_since = NULL
            WHERE scope = $1
            """, [.text(scope)])
    }

    /// Ends the sweep of `scope` because Stripe refused to list it (`account_invalid`):
    /// nothing is in progress, the high-water mark stays, and `unreachable_since` is set
    /// unless it already was.
    public func markUnreachable(scope: String, on conn: PGConnection) throws(StoreError) {
        try conn.execute(
            """
            UPDATE \(schema.quoted).backfill_scopes SET sweep_since = NULL, sweep_cursor = NULL,
                sweep_newest = NULL, sweep_started = false, unreachable_since = COALESCE(unreachable_since, now())
            WHERE scope = $1
            """, [.text(scope)])
    }
}

extension BackfillStore {
    /// Whether a `notifications.backfill` request waits.
    public func hasRequests(on conn: PGConnection) throws(StoreError) -> Bool {
        try conn.execute("SELECT 1 FROM \(schema.quoted).backfill_requests LIMIT 1").rowCount > 0
    }
}
