public import Store

/// The SQL of the `customers` table: the Stripe Customer created for each (connected
/// account, platform customer reference). Calls run on the caller's connection and throw
/// `StoreError`.
public struct CustomerStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    /// The Customer id (`cus_…`) recorded for the reference, or `nil`.
    public func find(account: String, customerReference: String, on db: PGConnection) throws -> String? {
        try db.query(
            "SELECT customer FROM \(schema.quoted).customers WHERE account = $1 AND customer_reference = $2",
            [.text(account), .text(customerReference)]
        ) { try $0.string("customer") }.first
    }

    /// Records `customer` for the reference unless one is already recorded; returns the
    /// Customer id that is recorded afterwards (the existing one when the reference was taken).
    public func insert(account: String, customerReference: String, customer: String, on db: PGConnection) throws -> String {
        try db.execute(
            """
            INSERT INTO \(schema.quoted).customers (account, customer_reference, customer) VALUES ($1, $2, $3)
            ON CONFLICT DO NOTHING
            """, [.text(account), .text(customerReference), .text(customer)])
        return try find(account: account, customerReference: customerReference, on: db) ?? customer
    }

    /// The platform's customer reference of `customer` on `account`, or `nil` when the
    /// service did not create that Customer.
    public func reference(account: String, customer: String, on db: PGConnection) throws -> String? {
        try db.query(
            "SELECT customer_reference FROM \(schema.quoted).customers WHERE account = $1 AND customer = $2 LIMIT 1",
            [.text(account), .text(customer)]
        ) { try $0.string("customer_reference") }.first
    }
}
