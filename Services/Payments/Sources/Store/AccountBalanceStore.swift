public import Store

/// The SQL of `account_balances`: the newest Stripe balance applied per connected account
/// (available and pending as JSON, the `created` of its `balance.available` event). Calls
/// run on the caller's connection and throw `StoreError`.
public struct AccountBalanceStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) { self.schema = schema }

    /// Records the balance of `account` as of `at` (Unix seconds) unless a balance of a later
    /// instant is recorded already.
    /// - Returns: whether it was recorded (false: the event is older than the stored balance).
    public func record(account: String, available: [UInt8], pending: [UInt8], at: Int, on db: PGConnection) throws -> Bool {
        try db.execute(
            """
            INSERT INTO \(schema.quoted).account_balances (account, available, pending, last_event_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (account) DO UPDATE SET available = excluded.available, pending = excluded.pending,
                last_event_at = excluded.last_event_at, updated_at = now()
            WHERE account_balances.last_event_at <= excluded.last_event_at
            """, [.text(account), .json(available), .json(pending), .int(Int64(at))]
        ).affectedRows > 0
    }
}
