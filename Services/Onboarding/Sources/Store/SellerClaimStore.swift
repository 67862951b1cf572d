public import Store

/// The SQL of `seller_claims`: which `create_account` command (by message id) is creating
/// the Stripe account of a seller reference that is not recorded yet.
///
/// Claims make two different commands for one new reference (a platform resending a
/// command that timed out, under a new message id) use one Stripe idempotency key, the
/// claimant's `<message_id>:create_account`, so they can never create two accounts. A claim
/// is taken in its own autocommitted statement before Stripe is called (the statement that
/// also reads whether the reference is recorded already), and removed in the transaction that
/// records the account or answers with an error. Stateless apart from the
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

    /// What ``claim(_:messageId:unlessRecordedIn:on:)`` found.
    public enum Outcome: Sendable, Equatable {
        /// The seller reference already has its account; nothing was claimed.
        case recorded(AccountRecord)
        /// The claim in force: this command's (just taken, or taken by an earlier delivery of
        /// it) or another command's.
        case claim(Claim)
    }

    /// Reads the account of `sellerReference` from `accounts` and, when there is none, claims
    /// the reference for `messageId` unless another command holds it — in one statement, so
    /// `create_account` reaches Stripe after one round trip to the database instead of two.
    /// Returns the recorded account, or the claim in force (this command's, or the other
    /// one's). The claim commits with the statement when no transaction is open.
    /// - Throws: `StoreError` (`store.serialization_failure` when the claim kept changing
    ///   between the insert and the read, three times over).
    public func claim(
        _ sellerReference: String, messageId: String, unlessRecordedIn accounts: AccountStore, on db: PGConnection
    ) throws -> Outcome {
        // The other claim can be released between the INSERT and the SELECT: try again.
        for _ in 0..<3 {
            if let outcome = try attempt(sellerReference, messageId: messageId, accounts: accounts, on: db) {
                return outcome
            }
        }
        throw StoreError(code: StoreError.Code.serializationFailure, message: "seller claim kept changing while being read")
    }

    /// One try: the account's columns when recorded, else the claim's (`claim_message_id`,
    /// `claim_age`); `nil` when neither was read (a claim released between the `INSERT`'s
    /// conflict and the statement's snapshot).
    private func attempt(
        _ sellerReference: String, messageId: String, accounts: AccountStore, on db: PGConnection
    ) throws -> Outcome? {
        let claims = "\(schema.quoted).seller_claims"
        return try db.query(
            """
            WITH recorded AS (
                SELECT \(AccountStore.columns) FROM \(accounts.schema.quoted).accounts WHERE seller_reference = $1
            ), taken AS (
                INSERT INTO \(claims) (seller_reference, message_id)
                SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM recorded)
                ON CONFLICT (seller_reference) DO NOTHING
                RETURNING message_id, 0::float8 AS age
            ), held AS (
                SELECT message_id, age FROM taken
                UNION ALL
                SELECT message_id, extract(epoch FROM now() - claimed_at)::float8 AS age
                FROM \(claims) WHERE seller_reference = $1 AND NOT EXISTS (SELECT 1 FROM recorded)
                LIMIT 1
            )
            SELECT recorded.*, held.message_id AS claim_message_id, held.age AS claim_age
            FROM (SELECT) AS one LEFT JOIN recorded ON true LEFT JOIN held ON true
            """, [.text(sellerReference), .text(messageId)]
        ) { row -> Outcome? in
            if try row.optionalString("seller_reference") != nil { return .recorded(try AccountStore.decode(row)) }
            guard let owner = try row.optionalString("claim_message_id") else { return nil }
            return .claim(Claim(messageId: owner, ageSeconds: try row.double("claim_age")))
        }.first ?? nil
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
