#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Store

/// The SQL of the `orders` table: what the point-of-sale app said about each order.
///
/// Stateless apart from the schema name; runs on the caller's connection. Throws `StoreError`.
public struct OrderStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    private var table: String { "\(schema.quoted).orders" }

    /// Marks the order completed (creating its row if needed); returns the flags after.
    public func complete(_ orderReference: String, on db: PGConnection) throws -> OrderFlags {
        try upsert(orderReference, set: "completed = true", insert: "true, false, NULL, false", [], on: db)
    }

    /// Marks the order paid by other means (`method`, e.g. `cash`); returns the flags after.
    public func markPaidOtherwise(_ orderReference: String, method: String?, on db: PGConnection) throws -> OrderFlags {
        try upsert(
            orderReference, set: "paid_otherwise = true, paid_otherwise_method = coalesce($2, o.paid_otherwise_method)",
            insert: "false, true, $2, false", [method.map { .text($0) } ?? .null], on: db)
    }

    /// Marks the order abandoned by the platform (creating its row if needed); returns the flags after.
    public func markAbandoned(_ orderReference: String, on db: PGConnection) throws -> OrderFlags {
        try upsert(orderReference, set: "abandoned = true", insert: "false, false, NULL, true", [], on: db)
    }

    private func upsert(
        _ orderReference: String, set: String, insert: String, _ extra: [PGValue?],
        on db: PGConnection
    ) throws -> OrderFlags {
        let rows = try db.query(
            """
            INSERT INTO \(table) AS o (order_reference, completed, paid_otherwise, paid_otherwise_method, abandoned)
            VALUES ($1, \(insert))
            ON CONFLICT (order_reference) DO UPDATE SET \(set), updated_at = now()
            RETURNING order_reference, completed, paid_otherwise, abandoned
            """, [.text(orderReference)] + extra, Self.decode)
        return rows.first ?? OrderFlags(orderReference: orderReference)
    }

    /// The flags of the given orders, by order reference (orders never mentioned are absent).
    public func flags(_ orderReferences: [String], on db: PGConnection) throws -> [String: OrderFlags] {
        guard !orderReferences.isEmpty else { return [:] }
        let rows = try db.query(
            """
            SELECT order_reference, completed, paid_otherwise, abandoned FROM \(table)
            WHERE order_reference = ANY($1)
            """, [.textArray(orderReferences)], Self.decode)
        return Dictionary(rows.map { ($0.orderReference, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func decode(_ row: PGRow) throws -> OrderFlags {
        OrderFlags(
            orderReference: try row.string("order_reference"), completed: try row.bool("completed"),
            paidOtherwise: try row.bool("paid_otherwise"), abandoned: try row.bool("abandoned"))
    }
}
