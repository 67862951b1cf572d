public import Store
import StripeAPI

/// The SQL of `payouts`: one row per connected account payout (``PayoutRecord``). Stateless;
/// runs on the caller's connection. Throws `StoreError`.
public struct PayoutStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) { self.schema = schema }

    /// The payout `payoutId`, locked for update when `lock` (inside a transaction), or nil.
    public func find(payoutId: String, lock: Bool = false, on db: PGConnection) throws -> PayoutRecord? {
        try db.query(
            """
            SELECT stripe_account_id, payout_id, amount, currency, status, automatic, arrival_date, destination,
                   failure_code, failure_message, array_to_string(announced, ',') AS announced, last_stripe_update
            FROM \(schema.quoted).payouts WHERE payout_id = $1\(lock ? " FOR UPDATE" : "")
            """, [.text(payoutId)]
        ) { row in
            PayoutRecord(
                accountId: try row.string("stripe_account_id"),
                payout: Payout(
                    id: try row.string("payout_id"), amount: Int(try row.int("amount")), currency: try row.string("currency"),
                    status: Payout.Status(rawValue: try row.string("status")), automatic: try row.bool("automatic"),
                    arrivalDate: Int(try row.int("arrival_date")), destination: try row.optionalString("destination"),
                    failureCode: try row.optionalString("failure_code"), failureMessage: try row.optionalString("failure_message")),
                announced: Set((try row.string("announced")).split(separator: ",").map(String.init)),
                lastStripeUpdate: try row.int("last_stripe_update"))
        }.first
    }

    /// Inserts or replaces the row of `record.payout.id`.
    public func save(_ record: PayoutRecord, on db: PGConnection) throws {
        let p = record.payout
        try db.execute(
            """
            INSERT INTO \(schema.quoted).payouts (payout_id, stripe_account_id, amount, currency, status, automatic, arrival_date,
                destination, failure_code, failure_message, announced, last_stripe_update)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
            ON CONFLICT (payout_id) DO UPDATE SET amount = excluded.amount, currency = excluded.currency, status = excluded.status,
                automatic = excluded.automatic, arrival_date = excluded.arrival_date, destination = excluded.destination,
                failure_code = excluded.failure_code, failure_message = excluded.failure_message, announced = excluded.announced,
                last_stripe_update = excluded.last_stripe_update, updated_at = now()
            """,
            [
                .text(p.id), .text(record.accountId), .int(Int64(p.amount)), .text(p.currency), .text(p.status.rawValue),
                .bool(p.automatic ?? false), .int(Int64(p.arrivalDate ?? 0)), p.destination.map { .text($0) } ?? .null,
                p.failureCode.map { .text($0) } ?? .null, p.failureMessage.map { .text($0) } ?? .null,
                .textArray(record.announced.sorted()), .int(record.lastStripeUpdate),
            ])
    }
}
