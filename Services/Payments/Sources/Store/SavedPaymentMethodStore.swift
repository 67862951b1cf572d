public import Store

/// The SQL of the `saved_payment_methods` table: each PaymentMethod saved for a Customer on
/// a connected account (key (account, payment method)), with the platform's customer
/// reference when known. Calls run on the caller's connection and throw `StoreError`.
public struct SavedPaymentMethodStore: Sendable {
    /// One saved method.
    public struct Row: Sendable, Equatable {
        /// The connected account.
        public var account: String
        /// The PaymentMethod, `pm_…`.
        public var paymentMethod: String
        /// The Customer it is attached to, `cus_…`.
        public var customer: String
        /// The platform's customer reference, when known.
        public var customerReference: String?
        /// Its type, e.g. `card`.
        public var type: String
        /// `on_session` / `off_session` as it was saved, when known.
        public var usage: String?
        /// When it was saved (Unix seconds: the Stripe event's `created` or the service's clock).
        public var savedAt: Int
        /// Detached since (no longer usable).
        public var detached: Bool

        /// A row with the given fields.
        public init(
            account: String, paymentMethod: String, customer: String, customerReference: String?, type: String,
            usage: String?, savedAt: Int, detached: Bool = false
        ) {
            self.account = account; self.paymentMethod = paymentMethod; self.customer = customer
            self.customerReference = customerReference; self.type = type; self.usage = usage
            self.savedAt = savedAt; self.detached = detached
        }
    }

    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    /// Records `row` (idempotent). An existing row keeps its earliest `saved_at`, its known
    /// reference and its `detached` flag: Stripe never attaches a detached PaymentMethod
    /// again, so a late or redelivered event never revives one.
    public func save(_ row: Row, on db: PGConnection) throws {
        try db.execute(
            """
            INSERT INTO \(schema.quoted).saved_payment_methods
                (account, payment_method, customer, customer_reference, type, usage, saved_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT (account, payment_method) DO UPDATE SET
                customer_reference = COALESCE(saved_payment_methods.customer_reference, EXCLUDED.customer_reference),
                usage = COALESCE(EXCLUDED.usage, saved_payment_methods.usage),
                saved_at = LEAST(saved_payment_methods.saved_at, EXCLUDED.saved_at),
                updated_at = now()
            """,
            [
                .text(row.account), .text(row.paymentMethod), .text(row.customer),
                row.customerReference.map(PGValue.text), .text(row.type), row.usage.map(PGValue.text),
                .int(Int64(row.savedAt)),
            ])
    }

    /// The method `paymentMethod` saved on `account`, if any (detached ones included).
    public func find(account: String, paymentMethod: String, on db: PGConnection) throws -> Row? {
        try db.query(
            "SELECT * FROM \(schema.quoted).saved_payment_methods WHERE account = $1 AND payment_method = $2",
            [.text(account), .text(paymentMethod)], Self.row
        ).first
    }

    /// The newest method still saved for `customer` on `account`, if any.
    public func newest(account: String, customer: String, on db: PGConnection) throws -> Row? {
        try db.query(
            """
            SELECT * FROM \(schema.quoted).saved_payment_methods
            WHERE account = $1 AND customer = $2 AND NOT detached ORDER BY saved_at DESC, payment_method LIMIT 1
            """, [.text(account), .text(customer)], Self.row
        ).first
    }

    /// Marks the method detached.
    public func markDetached(account: String, paymentMethod: String, on db: PGConnection) throws {
        try db.execute(
            """
            UPDATE \(schema.quoted).saved_payment_methods SET detached = true, updated_at = now()
            WHERE account = $1 AND payment_method = $2
            """, [.text(account), .text(paymentMethod)])
    }

    private static func row(_ r: PGRow) throws -> Row {
        Row(
            account: try r.string("account"), paymentMethod: try r.string("payment_method"), customer: try r.string("customer"),
            customerReference: try r.optionalString("customer_reference"), type: try r.string("type"),
            usage: try r.optionalString("usage"), savedAt: Int(try r.int("saved_at")), detached: try r.bool("detached"))
    }
}
