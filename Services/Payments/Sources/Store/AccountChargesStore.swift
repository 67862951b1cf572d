public import Store

/// The SQL of `account_charges`, the projection of which connected accounts can take
/// charges. Calls run on the caller's connection and throw `StoreError`.
public struct AccountChargesStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    /// The projection of `account`, or `nil` when no onboarding event named it yet;
    /// `lock` takes a row lock.
    public func find(_ account: String, lock: Bool = false, on db: PGConnection) throws -> AccountCharges? {
        try db.query(
            """
            SELECT account, charges_enabled, deauthorized, last_event_at, losses_payments FROM \(schema.quoted).account_charges
            WHERE account = $1
            """ + (lock ? " FOR UPDATE" : ""), [.text(account)]
        ) { row in
            AccountCharges(
                account: try row.string("account"), chargesEnabled: try row.bool("charges_enabled"),
                deauthorized: try row.bool("deauthorized"), lastEventAt: Int(try row.int("last_event_at")),
                lossesPayments: try row.optionalString("losses_payments"))
        }.first
    }

    /// Inserts or replaces the projection of `charges.account`.
    public func save(_ charges: AccountCharges, on db: PGConnection) throws {
        try db.execute(
            """
            INSERT INTO \(schema.quoted).account_charges (account, charges_enabled, deauthorized, last_event_at, losses_payments)
            VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (account) DO UPDATE SET charges_enabled = EXCLUDED.charges_enabled,
                deauthorized = EXCLUDED.deauthorized, last_event_at = EXCLUDED.last_event_at,
                losses_payments = EXCLUDED.losses_payments, updated_at = now()
            """,
            [
                .text(charges.account), .bool(charges.chargesEnabled), .bool(charges.deauthorized),
                .int(Int64(charges.lastEventAt)), charges.lossesPayments.map(PGValue.text),
            ])
    }
}
