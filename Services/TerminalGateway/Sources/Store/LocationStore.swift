public import Store

/// The SQL of the `locations`, `readers` and `reconcile_runs` tables: which time zone each
/// payment's reader is in, and which local date each zone's daily reconciliation last ran for.
///
/// Stateless apart from the schema name; runs on the caller's connection. Throws `StoreError`.
public struct LocationStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    /// Records a location and its time zone (nil: the default zone). Idempotent.
    public func saveLocation(_ location: String, account: String?, timeZone: String?, on db: PGConnection) throws {
        try db.execute(
            """
            INSERT INTO \(schema.quoted).locations (location, account, time_zone) VALUES ($1, $2, $3)
            ON CONFLICT (location) DO UPDATE SET time_zone = excluded.time_zone
            """, [.text(location), account.map { .text($0) } ?? .null, timeZone.map { .text($0) } ?? .null])
    }

    /// Records which location a reader is at. Idempotent.
    public func saveReader(_ reader: String, location: String, account: String?, on db: PGConnection) throws {
        try db.execute(
            """
            INSERT INTO \(schema.quoted).readers (reader, location, account) VALUES ($1, $2, $3)
            ON CONFLICT (reader) DO UPDATE SET location = excluded.location
            """, [.text(reader), .text(location), account.map { .text($0) } ?? .null])
    }

    /// The SQL expression of a payments row's time zone (its reader's location's, else
    /// `$defaultParameter`), for `\(table)` rows.
    static func zoneExpression(schema: SQLIdentifier, payments table: String, defaultParameter: Int) -> String {
        """
        COALESCE((SELECT l.time_zone FROM \(schema.quoted).readers r JOIN \(schema.quoted).locations l ON l.location = r.location
                  WHERE r.reader = \(table).reader), $\(defaultParameter)::text)
        """
    }

    /// The accounts that sell in person, whose uncaptured PaymentIntents a reconciliation asks
    /// Stripe about: every account with a location or a reader in `zone` (a location without
    /// a zone counts as `defaultZone`), and for a run of every zone (`zone` `nil`) or of
    /// `defaultZone` also every account with a recorded payment. `nil` in the result is the
    /// platform itself (its own readers). Sorted, the platform first.
    public func sellingAccounts(zone: String?, defaultZone: String, on db: PGConnection) throws -> [String?] {
        let s = schema.quoted
        return try db.query(
            """
            SELECT DISTINCT account FROM (
                SELECT account FROM \(s).locations WHERE $1::text IS NULL OR COALESCE(time_zone, $2::text) = $1::text
                UNION ALL
                SELECT r.account FROM \(s).readers r LEFT JOIN \(s).locations l ON l.location = r.location
                WHERE $1::text IS NULL OR COALESCE(l.time_zone, $2::text) = $1::text
                UNION ALL
                SELECT account FROM \(s).payments WHERE $1::text IS NULL OR $1::text = $2::text) a
            ORDER BY account NULLS FIRST
            """, [zone.map { .text($0) } ?? .null, .text(defaultZone)]
        ) { row in try row.optionalString("account") }
    }

    /// Every zone with a location, plus `defaultZone`, each with the last local date its daily
    /// run was published for (nil: never).
    public func zones(defaultZone: String, on db: PGConnection) throws -> [String: String?] {
        let rows = try db.query(
            """
            SELECT z.time_zone, r.last_local_date FROM (
                SELECT DISTINCT time_zone FROM \(schema.quoted).locations WHERE time_zone IS NOT NULL
                UNION SELECT $1::text) z
            LEFT JOIN \(schema.quoted).reconcile_runs r ON r.time_zone = z.time_zone
            """, [.text(defaultZone)]
        ) { row in (try row.string("time_zone"), try row.optionalString("last_local_date")) }
        return Dictionary(rows.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
    }

    /// Advances `timeZone`'s last run to `localDate` if it was earlier (or absent).
    /// - Returns: whether this call advanced it (then its caller publishes the run).
    public func claimRun(timeZone: String, localDate: String, on db: PGConnection) throws -> Bool {
        try db.execute(
            """
            INSERT INTO \(schema.quoted).reconcile_runs AS r (time_zone, last_local_date) VALUES ($1, $2)
            ON CONFLICT (time_zone) DO UPDATE SET last_local_date = excluded.last_local_date, published_at = now()
            WHERE r.last_local_date < excluded.last_local_date
            """, [.text(timeZone), .text(localDate)]
        ).affectedRows == 1
    }
}
