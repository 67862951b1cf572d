public import Store

/// The SQL of the `accounts` table: each connected account's country (two uppercase
/// letters, ISO 3166-1), for the regional rules.
///
/// Stateless apart from the schema name; runs on the caller's connection. Throws `StoreError`.
public struct AccountStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    private var table: String { "\(schema.quoted).accounts" }

    /// The account's country, or nil when the gateway has not learnt it.
    public func country(of account: String, on db: PGConnection) throws -> String? {
        try db.query("SELECT country FROM \(table) WHERE account = $1", [.text(account)]) { try $0.string("country") }.first
    }

    /// Records the account's country. `source` is `onboarding` (an event: always wins) or
    /// `stripe` (fetched: never overwrites what onboarding said).
    public func save(account: String, country: String, source: String, on db: PGConnection) throws {
        try db.execute(
            """
            INSERT INTO \(table) AS a (account, country, source) VALUES ($1, $2, $3)
            ON CONFLICT (account) DO UPDATE SET country = excluded.country, source = excluded.source, updated_at = now()
            WHERE excluded.source = 'onboarding' OR a.source = 'stripe'
            """, [.text(account), .text(country), .text(source)])
    }
}
