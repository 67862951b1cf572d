public import Store

extension PaymentStore {
    /// What claiming an order reference for a new PaymentIntent found.
    public enum Claim: Sendable, Equatable {
        /// The row is this command's (new, or left by an earlier delivery of the same
        /// command): create the PaymentIntent with the command's idempotency key.
        case claimed
        /// The order already has its PaymentIntent.
        case existing(TerminalPayment)
        /// Another command is creating the order's PaymentIntent right now.
        case busy(messageId: String)
    }

    /// The order's row before its PaymentIntent exists, written outside any transaction
    /// (autocommit) so that two commands for one order can never both call Stripe.
    public struct NewPayment: Sendable, Equatable {
        /// The point-of-sale order id.
        public var orderReference: String
        /// The connected account, or `nil`.
        public var account: String?
        /// Amount in the currency's smallest unit.
        public var amount: Int
        /// Lowercase currency.
        public var currency: String
        /// `manual` or `automatic`.
        public var captureMethod: String
        /// Application fee in the currency's smallest unit.
        public var applicationFeeAmount: Int?
        /// Fields of a new order payment.
        public init(
            orderReference: String, account: String?, amount: Int, currency: String, captureMethod: String,
            applicationFeeAmount: Int?
        ) {
            self.orderReference = orderReference
            self.account = account
            self.amount = amount
            self.currency = currency
            self.captureMethod = captureMethod
            self.applicationFeeAmount = applicationFeeAmount
        }
    }

    /// Claims `new.orderReference` for the command `messageId` (see ``Claim``).
    public func claim(_ new: NewPayment, messageId: String, on db: PGConnection) throws -> Claim {
        let inserted = try db.execute(
            """
            INSERT INTO \(table) (order_reference, creating_message_id, account, amount, currency, capture_method,
                application_fee_amount, state)
            VALUES ($1, $2, $3, $4, $5, $6, $7, 'requires_payment_method')
            ON CONFLICT (order_reference) DO NOTHING
            """,
            [
                .text(new.orderReference), .text(messageId), Self.text(new.account), .int(Int64(new.amount)),
                .text(new.currency), .text(new.captureMethod), Self.int(new.applicationFeeAmount),
            ])
        if inserted.affectedRows == 1 { return .claimed }
        if let existing = try find(orderReference: new.orderReference, on: db) { return .existing(existing) }
        let owner = try db.query(
            "SELECT creating_message_id FROM \(table) WHERE order_reference = $1",
            [.text(new.orderReference)]
        ) { try $0.string("creating_message_id") }.first
        guard let owner else { return .busy(messageId: "") }  // released meanwhile: try again later
        return owner == messageId ? .claimed : .busy(messageId: owner)
    }

    /// Gives the claim up after Stripe refused to create the PaymentIntent (only a row still
    /// without PaymentIntent and owned by `messageId` is removed).
    public func releaseClaim(orderReference: String, messageId: String, on db: PGConnection) throws {
        try db.execute(
            "DELETE FROM \(table) WHERE order_reference = $1 AND creating_message_id = $2 AND payment_intent_id IS NULL",
            [.text(orderReference), .text(messageId)])
    }

    /// Records the created PaymentIntent on the claimed row; `false` when the row is not
    /// (or no longer) this command's.
    public func attach(_ payment: TerminalPayment, messageId: String, on db: PGConnection) throws -> Bool {
        let result = try db.execute(
            """
            UPDATE \(table) SET payment_intent_id = $3, amount = $4, state = $5, updated_at = now()
            WHERE order_reference = $1 AND creating_message_id = $2 AND payment_intent_id IS NULL
            """,
            [
                .text(payment.orderReference), .text(messageId), .text(payment.paymentIntent),
                .int(Int64(payment.amount)), .text(payment.state.rawValue),
            ])
        return result.affectedRows == 1
    }
}
