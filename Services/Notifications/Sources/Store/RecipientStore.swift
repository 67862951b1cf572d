public import Store

/// The SQL of `<schema>.recipients`: the e-mail address last seen for a connected account,
/// filled from events that carry one (`onboarding.account.created`,
/// `onboarding.account.requirements_due`), used when an event to send about has none.
/// Thread-safety: a `Sendable` value; uses the caller's connection.
public struct RecipientStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store in `schema`.
    public init(schema: SQLIdentifier) { self.schema = schema }

    /// Records `email` for `account` (the latest wins).
    /// - Throws: `StoreError`.
    public func remember(account: String, email: String, on conn: PGConnection) throws(StoreError) {
        try conn.execute(
            """
            INSERT INTO \(schema.quoted).recipients (account, email) VALUES ($1, $2)
            ON CONFLICT (account) DO UPDATE SET email = EXCLUDED.email, updated_at = now()
            """, [.text(account), .text(email)])
    }

    /// The address recorded for `account`, if any.
    /// - Throws: `StoreError`.
    public func email(account: String, on conn: PGConnection) throws(StoreError) -> String? {
        try conn.query("SELECT email FROM \(schema.quoted).recipients WHERE account = $1", [.text(account)]) { row in
            try row.string("email")
        }.first
    }
}
