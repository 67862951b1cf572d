public import Store

/// The SQL of `refunds`: each Refund the service made, keyed by its id (`re_…`). Calls run
/// on the caller's connection and throw `StoreError`.
public struct RefundStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    /// Records a refund (smallest currency unit) and the part of the application fee it
    /// returned, when known; a refund already recorded is left as is.
    public func insert(
        refund: String, account: String, orderReference: String, amount: Int, status: String,
        applicationFeeRefunded: Int? = nil, on db: PGConnection
    ) throws {
        try db.execute(
            """
            INSERT INTO \(schema.quoted).refunds (refund, account, order_reference, amount, status, application_fee_refunded)
            VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (refund) DO NOTHING
            """,
            [
                .text(refund), .text(account), .text(orderReference), .int(Int64(amount)), .text(status),
                applicationFeeRefunded.map { .int(Int64($0)) },
            ])
    }

    /// The sum of the refunds recorded for the order (smallest currency unit).
    public func total(account: String, orderReference: String, on db: PGConnection) throws -> Int {
        let rows = try db.query(
            """
            SELECT coalesce(sum(amount), 0)::bigint AS total FROM \(schema.quoted).refunds
            WHERE account = $1 AND order_reference = $2 AND status NOT IN ('failed', 'canceled')
            """, [.text(account), .text(orderReference)]
        ) { try $0.int("total") }
        return Int(rows.first ?? 0)
    }
}
