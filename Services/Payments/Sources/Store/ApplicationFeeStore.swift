public import Store

/// The SQL of `order_application_fees`: each order's ApplicationFee (`fee_…`) and how much of
/// it is refunded. Calls run on the caller's connection and throw `StoreError`.
public struct ApplicationFeeStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    /// Records the order's fee and its refunded total (smallest currency unit); the total only
    /// grows (an older report never lowers it).
    public func record(account: String, orderReference: String, fee: String, amountRefunded: Int, on db: PGConnection) throws {
        try db.execute(
            """
            INSERT INTO \(schema.quoted).order_application_fees (account, order_reference, application_fee, amount_refunded)
            VALUES ($1, $2, $3, $4)
            ON CONFLICT (account, order_reference) DO UPDATE SET application_fee = EXCLUDED.application_fee,
                amount_refunded = GREATEST(order_application_fees.amount_refunded, EXCLUDED.amount_refunded), updated_at = now()
            """, [.text(account), .text(orderReference), .text(fee), .int(Int64(amountRefunded))])
    }

    /// The refunded total recorded for the order (0 when none), with a row lock when recorded.
    public func refunded(account: String, orderReference: String, on db: PGConnection) throws -> Int {
        let rows = try db.query(
            """
            SELECT amount_refunded FROM \(schema.quoted).order_application_fees
            WHERE account = $1 AND order_reference = $2 FOR UPDATE
            """, [.text(account), .text(orderReference)]
        ) { try $0.int("amount_refunded") }
        return Int(rows.first ?? 0)
    }

    /// Raises the refunded total of the order that has `fee` to `amountRefunded` (never lowers
    /// it). - Returns: the order reference, or `nil` when no order of the account has the fee.
    public func refunded(fee: String, account: String, amountRefunded: Int, on db: PGConnection) throws -> String? {
        try db.query(
            """
            UPDATE \(schema.quoted).order_application_fees
            SET amount_refunded = GREATEST(amount_refunded, $3), updated_at = now()
            WHERE application_fee = $1 AND account = $2 RETURNING order_reference
            """, [.text(fee), .text(account), .int(Int64(amountRefunded))]
        ) { try $0.string("order_reference") }.first
    }
}
