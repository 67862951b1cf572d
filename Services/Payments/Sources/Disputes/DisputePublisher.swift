import Messages
import Runtime

/// Writes the dispute events to the outbox, inside the message's transaction, with the
/// account as `x-stripe-account`. Stateless.
enum DisputePublisher {
    /// `payments.dispute.opened` and `payments.order.disputed` for a newly recorded dispute.
    /// - Throws: `EncodingError`, `StoreError`.
    static func opened(_ record: DisputeRecord, at: Int, context: HandlerContext) throws {
        try context.publish(
            DisputeOpened(
                account: record.account, orderReference: record.orderReference, dispute: record.dispute, amount: record.amount,
                currency: record.currency, reason: record.reason, status: record.status, evidenceDueBy: record.evidenceDueBy,
                platformLiable: record.platformLiable, paymentIntent: record.paymentIntent, charge: record.charge, occurredAt: at),
            stripeAccount: record.account)
        try context.publish(
            OrderDisputed(
                account: record.account, orderReference: record.orderReference, dispute: record.dispute, amount: record.amount,
                currency: record.currency, reason: record.reason, paymentIntent: record.paymentIntent, occurredAt: at),
            stripeAccount: record.account)
    }

    /// `payments.dispute.closed` once the record is closed and it was not published yet;
    /// returns the record marked as published.
    /// - Throws: `EncodingError`, `StoreError`.
    static func closedIfDue(_ record: DisputeRecord, at: Int, context: HandlerContext) throws -> DisputeRecord {
        guard let outcome = record.outcome, !record.closedPublished else { return record }
        try context.publish(
            DisputeClosed(
                account: record.account, orderReference: record.orderReference, dispute: record.dispute, amount: record.amount,
                currency: record.currency, reason: record.reason, status: record.status, outcome: outcome,
                platformLiable: record.platformLiable, occurredAt: at),
            stripeAccount: record.account)
        var published = record
        published.closedPublished = true
        return published
    }

    /// The `payments.dispute.evidence_due_soon` event of a claimed reminder.
    static func dueSoon(_ record: DisputeRecord, at: Int) -> DisputeEvidenceDueSoon {
        DisputeEvidenceDueSoon(
            account: record.account, orderReference: record.orderReference, dispute: record.dispute, amount: record.amount,
            currency: record.currency, reason: record.reason, status: record.status, evidenceDueBy: record.evidenceDueBy ?? at,
            hasEvidence: record.hasEvidence, occurredAt: at)
    }
}
