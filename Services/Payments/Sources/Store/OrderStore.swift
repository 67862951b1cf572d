import Messages
public import Store

/// The SQL of the `orders` aggregate.
///
/// Stateless apart from the schema name; every call runs on the caller's connection (its
/// thread and transaction). All calls throw `StoreError`.
public struct OrderStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    private static let columns = """
        account, order_reference, channel, state, checkout_session, ui_mode, payment_intent, customer,
        customer_email, amount, currency, application_fee_amount, amount_refunded, last_event_at, shipping::text AS shipping
        """

    /// The order (account, reference), or `nil`; `lock` takes a row lock (`FOR UPDATE`).
    public func find(account: String, orderReference: String, lock: Bool = false, on db: PGConnection) throws -> OrderRecord? {
        try db.query(
            "SELECT \(Self.columns) FROM \(schema.quoted).orders WHERE account = $1 AND order_reference = $2"
                + (lock ? " FOR UPDATE" : ""), [.text(account), .text(orderReference)], Self.decode
        ).first
    }

    /// The order holding PaymentIntent `paymentIntent`, or `nil`.
    public func find(paymentIntent: String, lock: Bool = false, on db: PGConnection) throws -> OrderRecord? {
        try db.query(
            "SELECT \(Self.columns) FROM \(schema.quoted).orders WHERE payment_intent = $1"
                + (lock ? " FOR UPDATE" : ""), [.text(paymentIntent)], Self.decode
        ).first
    }

    /// Inserts a new order; returns `false` (changing nothing) when (account, reference), its
    /// session or its PaymentIntent is already recorded.
    public func insert(_ order: OrderRecord, createdMessageId: String, on db: PGConnection) throws -> Bool {
        let p = order.progress
        let rows = try db.query(
            """
            INSERT INTO \(schema.quoted).orders (account, order_reference, channel, state, checkout_session, ui_mode,
                payment_intent, customer, customer_email, amount, currency, application_fee_amount, amount_refunded,
                shipping, last_event_at, paid_at, created_message_id)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $14, $13::jsonb, $15, CASE WHEN $16 THEN now() END, $17)
            ON CONFLICT DO NOTHING RETURNING order_reference
            """,
            try Self.values(order) + [
                .int(Int64(p.amountRefunded)), .int(Int64(p.lastEventAt)),
                .bool(p.state.isPaid), .text(createdMessageId),
            ]
        ) { try $0.string("order_reference") }
        return !rows.isEmpty
    }

    /// Stores every column of `order` but its key (`paid_at` is set the first time the
    /// order is paid and kept).
    public func update(_ order: OrderRecord, on db: PGConnection) throws {
        let p = order.progress
        try db.execute(
            """
            UPDATE \(schema.quoted).orders SET channel = $3, state = $4, checkout_session = $5, ui_mode = $6,
                payment_intent = $7, customer = $8, customer_email = $9, amount = $10, currency = $11,
                application_fee_amount = $12, shipping = $13::jsonb, amount_refunded = $14, last_event_at = $15,
                paid_at = CASE WHEN $16 THEN coalesce(paid_at, now()) END, updated_at = now()
            WHERE account = $1 AND order_reference = $2
            """, try Self.values(order) + [.int(Int64(p.amountRefunded)), .int(Int64(p.lastEventAt)), .bool(p.state.isPaid)])
    }

    /// Columns 1–13: the key, the order's fields, and `shipping` as JSON text.
    private static func values(_ o: OrderRecord) throws -> [PGValue?] {
        let shipping = try o.shipping.map { PGValue.text(String(decoding: try MessageCoder.encode($0), as: UTF8.self)) } ?? .null
        return [
            .text(o.account), .text(o.orderReference), .text(o.channel.rawValue), .text(o.progress.state.rawValue),
            text(o.checkoutSession), text(o.uiMode), text(o.paymentIntent), text(o.customer), text(o.customerEmail),
            int(o.progress.amount), text(o.currency), int(o.applicationFeeAmount), shipping,
        ]
    }

    private static func text(_ value: String?) -> PGValue { value.map { .text($0) } ?? .null }
    private static func int(_ value: Int?) -> PGValue { value.map { .int(Int64($0)) } ?? .null }

    /// The stored `shipping` JSON, decoded as a tolerant reader.
    private static func shipping(_ row: PGRow) throws -> Shipping? {
        guard let json = try row.optionalString("shipping") else { return nil }
        do { return try MessageCoder.decode(Shipping.self, from: Array(json.utf8)) } catch {
            throw StoreError(code: StoreError.Code.decode, sqlState: nil, message: "orders.shipping is not a shipping hash: \(error)")
        }
    }

    private static func decode(_ row: PGRow) throws -> OrderRecord {
        let channelText = try row.string("channel")
        let stateText = try row.string("state")
        guard let channel = OrderRecord.Channel(rawValue: channelText), let state = OrderState(rawValue: stateText) else {
            throw StoreError(
                code: StoreError.Code.decode, sqlState: nil,
                message: "orders row has unknown channel \(channelText) or state \(stateText)")
        }
        let progress = OrderProgress(
            state: state, lastEventAt: Int(try row.int("last_event_at")),
            amount: try row.optionalInt("amount").map(Int.init),
            amountRefunded: Int(try row.int("amount_refunded")))
        return OrderRecord(
            account: try row.string("account"), orderReference: try row.string("order_reference"),
            channel: channel, checkoutSession: try row.optionalString("checkout_session"),
            uiMode: try row.optionalString("ui_mode"), paymentIntent: try row.optionalString("payment_intent"),
            customer: try row.optionalString("customer"), customerEmail: try row.optionalString("customer_email"),
            currency: try row.optionalString("currency"),
            applicationFeeAmount: try row.optionalInt("application_fee_amount").map(Int.init),
            progress: progress, shipping: try shipping(row))
    }
}
