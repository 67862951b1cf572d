public import Store

/// The SQL of `account_link_parameters`: the last link parameters per account (never the
/// link URL). Stateless apart from the schema; runs on the caller's connection. Throws `StoreError`.
public struct AccountLinkParametersStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    /// Records `parameters` as the last ones used for `accountId` (insert or replace).
    public func save(_ parameters: AccountLinkParameters, accountId: String, on db: PGConnection) throws {
        try db.execute(
            """
            INSERT INTO \(schema.quoted).account_link_parameters (stripe_account_id, link_type, refresh_url, return_url, collect)
            VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (stripe_account_id) DO UPDATE SET link_type = EXCLUDED.link_type,
                refresh_url = EXCLUDED.refresh_url, return_url = EXCLUDED.return_url,
                collect = EXCLUDED.collect, updated_at = now()
            """,
            [
                .text(accountId), .text(parameters.type), .text(parameters.refreshURL),
                .text(parameters.returnURL), parameters.collect.map { .text($0) } ?? .null,
            ])
    }

    /// The last parameters used for `accountId`, or `nil` when no link was issued yet.
    public func find(accountId: String, on db: PGConnection) throws -> AccountLinkParameters? {
        try db.query(
            """
            SELECT link_type, refresh_url, return_url, collect
            FROM \(schema.quoted).account_link_parameters WHERE stripe_account_id = $1
            """, [.text(accountId)]
        ) { row in
            AccountLinkParameters(
                type: try row.string("link_type"), refreshURL: try row.string("refresh_url"),
                returnURL: try row.string("return_url"), collect: try row.optionalString("collect"))
        }.first
    }
}
