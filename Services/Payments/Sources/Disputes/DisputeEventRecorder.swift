import Messages
import Runtime
import Store
import StripeAPI

/// Keeps each dispute with its order from the `charge.dispute.*` events (batched, no Stripe
/// calls), and publishes what changed:
/// - the first event that names a dispute (whichever type comes first) records it with its
///   order, found by the dispute's PaymentIntent, and whether the platform is liable (the
///   account's `losses_payments` from `onboarding.account.created`; unknown → absent), and
///   publishes `payments.dispute.opened` and `payments.order.disputed`;
/// - later events fold in through ``DisputeRecord/applying(_:)`` (never backwards);
/// - a dispute that is closed publishes `payments.dispute.closed` once.
/// A dispute with no PaymentIntent cannot be one of this service's orders (every order is a
/// PaymentIntent) and is ignored, logged. One whose PaymentIntent no order has (yet) is retried
/// through the delay queues (the event may have overtaken the order's own), then parked in
/// `payments.events.dlq` with `not_found.order`, so a dispute on a charge the service does not
/// know (e.g. an in-person Terminal payment) is never silently dropped. A dispute id already
/// recorded on another account is ignored, logged. Thread-safety: `Sendable`, stateless.
struct DisputeEventRecorder: Sendable {
    /// SQL of the orders table.
    let orders: OrderStore
    /// SQL of the disputes table.
    let disputes: DisputeStore
    /// SQL of the account projection (who is liable).
    let accounts: AccountChargesStore

    /// Records what `dispute`, as of `at` (the event's `created`), says.
    /// - Throws: `HandlerError.retry` for an order not recorded yet, `StoreError`, `EncodingError`.
    func record(_ dispute: Dispute, at: Int, account: String, event: String, context: HandlerContext) throws {
        let observation = dispute.observation(at: at)
        if try applyToRecorded(dispute, observation, at: at, account: account, event: event, context: context) { return }
        guard let pi = dispute.paymentIntent?.id else {
            context.log.info("dispute of a charge without a PaymentIntent ignored", ["event": event, "dispute": dispute.id])
            return
        }
        // The order's row lock serializes the first sightings of its disputes: two events of a
        // new dispute handled at once by two workers would otherwise both find no record and
        // both publish `opened`. The one that waited finds the other's record once it commits.
        guard let order = try orders.find(paymentIntent: pi, lock: true, on: context.db), order.account == account else {
            throw HandlerError.retry(
                code: ReplyError.Code.orderNotFound,
                message: "dispute \(dispute.id): no order of \(account) has PaymentIntent \(pi) (yet)")
        }
        if try applyToRecorded(dispute, observation, at: at, account: account, event: event, context: context) { return }
        let fresh = DisputeRecord(
            dispute: dispute.id, account: account, orderReference: order.orderReference, charge: dispute.charge?.id,
            paymentIntent: pi, amount: observation.amount, currency: dispute.currency ?? order.currency ?? "",
            reason: observation.reason, status: observation.status,
            platformLiable: try accounts.find(account, on: context.db)?.platformLiable, lastEventAt: observation.at
        ).applying(observation)
        try DisputePublisher.opened(fresh, at: at, context: context)
        context.log.info("dispute opened", ["dispute": dispute.id, "order_reference": order.orderReference, "reason": fresh.reason])
        try save(fresh, at: at, context: context)
    }

    /// Folds `observation` into the dispute's record when one exists (locked); one of another
    /// account is left alone, logged.
    /// - Returns: whether the dispute was already recorded.
    private func applyToRecorded(
        _ dispute: Dispute, _ observation: DisputeRecord.Observation, at: Int, account: String, event: String, context: HandlerContext
    ) throws -> Bool {
        guard let current = try disputes.find(dispute.id, lock: true, on: context.db) else { return false }
        guard current.account == account else {
            context.log.warning("dispute event of another account ignored", ["event": event, "dispute": dispute.id])
            return true
        }
        try save(current.applying(observation), at: at, context: context)
        return true
    }

    /// Publishes `.closed` when due and saves the record.
    func save(_ record: DisputeRecord, at: Int, context: HandlerContext) throws {
        try disputes.save(try DisputePublisher.closedIfDue(record, at: at, context: context), on: context.db)
    }
}
