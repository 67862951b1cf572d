public import Store

extension PaymentStore {
    /// Records a PaymentIntent the point-of-sale app created (origin `app`) as `payment`
    /// (its order reference, account, amount, currency, capture method, fee and reader; state
    /// `requires_payment_method`: the caller then applies Stripe's snapshot in the same
    /// transaction). Nothing happens when the PaymentIntent is already recorded.
    ///
    /// When the order reference is taken by another PaymentIntent, the row is recorded under
    /// the PaymentIntent's id as order reference instead (the caller checked beforehand, so
    /// this only happens in a race), so that a payment Stripe made is never lost.
    /// - Parameter messageId: the command or event that adopted it (`creating_message_id`).
    /// - Returns: the order reference it is recorded under.
    /// - Throws: `StoreError`.
    @discardableResult
    public func adopt(_ payment: TerminalPayment, messageId: String, on db: PGConnection) throws -> String {
        if let existing = try find(paymentIntent: payment.paymentIntent, on: db) { return existing.orderReference }
        for reference in [payment.orderReference, payment.paymentIntent] {
            let inserted = try db.execute(
                """
                INSERT INTO \(table) (order_reference, payment_intent_id, creating_message_id, account, amount, currency,
                    capture_method, application_fee_amount, state, origin, reader)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'requires_payment_method', 'app', $9)
                ON CONFLICT DO NOTHING
                """,
                [
                    .text(reference), .text(payment.paymentIntent), .text(messageId), Self.text(payment.account),
                    .int(Int64(payment.amount)), .text(payment.currency), .text(payment.captureMethod),
                    Self.int(payment.applicationFeeAmount), Self.text(payment.reader),
                ])
            if inserted.affectedRows == 1 { return reference }
            if let existing = try find(paymentIntent: payment.paymentIntent, on: db) { return existing.orderReference }
        }
        throw StoreError(
            code: StoreError.Code.queryFailed,
            message: "payment_intent \(payment.paymentIntent) could not be recorded under its order reference or its id")
    }

    /// The PaymentIntent recorded for `orderReference` (also while it is being created), or `nil`.
    public func paymentIntent(orderReference: String, on db: PGConnection) throws -> String?? {
        try db.query("SELECT payment_intent_id FROM \(table) WHERE order_reference = $1", [.text(orderReference)]) {
            try $0.optionalString("payment_intent_id")
        }.first
    }
}
