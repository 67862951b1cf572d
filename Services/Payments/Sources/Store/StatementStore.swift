public import Store

/// The suite's records a statement is reconciled against: the orders of some PaymentIntents
/// (amount, application fee), and which refunds and disputes payments recorded. Calls run on
/// the caller's connection and throw `StoreError`.
public struct StatementStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    /// An order as a statement sees it (amounts in the smallest currency unit).
    public struct OrderLine: Sendable, Equatable {
        /// The platform's order reference.
        public var orderReference: String
        /// The order's amount, if known.
        public var amount: Int?
        /// The application fee the order asked for, if any.
        public var applicationFeeAmount: Int?
    }

    /// The account's orders paid through `paymentIntents`, by PaymentIntent id.
    public func orders(account: String, paymentIntents: [String], on db: PGConnection) throws -> [String: OrderLine] {
        guard !paymentIntents.isEmpty else { return [:] }
        let rows = try db.query(
            """
            SELECT payment_intent, order_reference, amount, application_fee_amount FROM \(schema.quoted).orders
            WHERE account = $1 AND payment_intent = ANY($2)
            """, [.text(account), .textArray(paymentIntents)]
        ) { row in
            (
                try row.string("payment_intent"),
                OrderLine(
                    orderReference: try row.string("order_reference"), amount: try row.optionalInt("amount").map { Int($0) },
                    applicationFeeAmount: try row.optionalInt("application_fee_amount").map { Int($0) })
            )
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// Which of `ids` are in `table` (`refunds` keyed by `refund`, `disputes` by `dispute`) for the account.
    public func known(_ table: RecordTable, account: String, ids: [String], on db: PGConnection) throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        let rows = try db.query(
            "SELECT \(table.key) AS id FROM \(schema.quoted).\(table.rawValue) WHERE account = $1 AND \(table.key) = ANY($2)",
            [.text(account), .textArray(ids)]
        ) { try $0.string("id") }
        return Set(rows)
    }

    /// The tables ``known(_:account:ids:on:)`` reads.
    public enum RecordTable: String, Sendable {
        /// Refunds, by `re_…` id.
        case refunds
        /// Disputes, by `du_…` id.
        case disputes

        /// The id column.
        var key: String {
            switch self {
            case .refunds: "refund"
            case .disputes: "dispute"
            }
        }
    }
}
