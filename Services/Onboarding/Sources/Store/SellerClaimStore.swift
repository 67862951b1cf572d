public import Store

/// The SQL of `seller_claims`: which `create_account` command (by message id) is creating
/// the Stripe account of a seller reference that is not recorded yet.
///
/// Claims make two different commands for one new reference (a platform resending a
/// command that timed out, under a new message id) use one Stripe idempotency key, the
/// claimant's `<message_id>:create_account`, so they can never create two accounts. A claim
/// is taken in its own autocommitted statement before Stripe is called, and removed in the
/// transaction that records the account or answers with an error. Stateless apart from the
/// schema; runs on the caller's connection. Throws `StoreError`.
public struct SellerClaimStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    /// The claim on a seller reference: its message id and age in seconds.
    public struct Claim: Sendable, Equatable {
        /// Message id of the claiming command.
        public var messageId: String
        /// Seconds since the claim was taken.
        public var ageSeconds: Double
    }

    /// Claims `sellerReference` for `messageId` unless another command holds it; returns the
    /// claim in force (this command's, or the other one's).
    public func claim(_ sellerReference: String, messageId: String, on db: PGConnection) throws -> Claim {
        // The other claim can be released between the INSERT and the SELECT: try again.
        for _ in 0..<3 {
            if let claim = try attempt(sellerReference, messageId: messageId, on: db) { return claim }
        }
        throw StoreError(code: StoreError.Code.serializationFailure, message: "seller claim kept changing while being read")
    }

    private func attempt(_ sellerReference: String, messageId: String, on db: PGConnection) throws -> Claim? {
        try db.query(
            """
            WITH taken AS (
                INSERT INTO \(schema.quoted).seller_claims (seller_reference, message_id) VALUES ($1, $2)
                ON CONFLICT (seller_reference) DO NOTHING
                RETURNING message_id, 0::float8 AS age
            )
            SELECT message_id, age FROM taken
            UNION ALL
            SELECT message_id, extract(epoch FROM now() - claimed_at)::float8 AS age
            FROM \(schema.quoted).seller_claims WHERE seller_reference = $1
            LIMIT 1
            """, [.text(sellerReference), .text(messageId)]
        ) { row in
            Claim(messageId: try row.string("message_id"), ageSeconds: try row.double("age"))
        }.first
    }

    /// Removes the claim on `sellerReference` (whoever holds it).
    public func release(_ sellerReference: String, on db: PGConnection) throws {
        try db.execute(Self.releaseSQL(schema), [.text(sellerReference)])
    }

    /// ``release(_:on:)`` inside the caller's open transaction, deferred: the `DELETE` travels
    /// with the transaction's next statement or its `COMMIT` (no round trip of its own; a
    /// failure of it fails that statement).
    public func releaseDeferred(_ sellerReference: String, on db: PGConnection) throws {
        try db.deferWrite(Self.releaseSQL(schema), [.text(sellerReference)]) { _ in }
    }

    private static func releaseSQL(_ schema: SQLIdentifier) -> String {
        "DELETE FROM \(schema.quoted).seller_claims WHERE seller_reference = $1"
    }
}
