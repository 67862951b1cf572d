import Messages
public import Store

/// The SQL of `oauth_states`: the states issued with OAuth links, each accepted once.
/// Stateless apart from the schema; runs on the caller's connection. Throws `StoreError`.
public struct OAuthStateStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    /// Records a newly issued `state`, and deletes the states expired for longer than
    /// ``OAuthState/retentionSeconds`` before `now` (Unix seconds), in the caller's transaction.
    public func insert(_ state: OAuthState, now: Int64, on db: PGConnection) throws {
        try db.execute(
            "DELETE FROM \(schema.quoted).oauth_states WHERE expires_at < $1",
            [.int(now - OAuthState.retentionSeconds)])
        try db.execute(
            """
            INSERT INTO \(schema.quoted).oauth_states (state, seller_reference, scope, redirect_uri, expires_at)
            VALUES ($1, $2, $3, $4, $5)
            """,
            [
                .text(state.state), .text(state.sellerReference), .text(state.scope.rawValue),
                state.redirectURI.map { .text($0) } ?? .null, .int(state.expiresAt),
            ])
    }

    /// The stored state `state`, or nil when this service did not issue it (or deleted it).
    public func find(_ state: String, on db: PGConnection) throws -> OAuthState? {
        try db.query(
            """
            SELECT state, seller_reference, scope, redirect_uri, expires_at, used_at IS NOT NULL AS used
            FROM \(schema.quoted).oauth_states WHERE state = $1
            """, [.text(state)]
        ) { row in
            OAuthState(
                state: try row.string("state"), sellerReference: try row.string("seller_reference"),
                scope: OAuthScope(rawValue: try row.string("scope")) ?? .readWrite,
                redirectURI: try row.optionalString("redirect_uri"), expiresAt: try row.int("expires_at"),
                used: try row.bool("used"))
        }.first
    }

    /// Marks `state` used by the command `messageId`; false when it was already used (another
    /// command took it first), so it is used exactly once.
    public func markUsed(_ state: String, messageId: String, on db: PGConnection) throws -> Bool {
        try db.execute(
            """
            UPDATE \(schema.quoted).oauth_states SET used_at = now(), used_by = $2
            WHERE state = $1 AND used_at IS NULL
            """, [.text(state), .text(messageId)]
        ).affectedRows == 1
    }
}
