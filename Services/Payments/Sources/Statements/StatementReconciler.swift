import Messages
import StripeAPI

/// Checks a statement's balance transactions against the suite's records (DESIGN §4
/// "Statements"), one ``StatementDiscrepancy`` per transaction that does not match:
/// - a charge (`type` `charge`/`payment`, source expanded) must belong to an order of
///   payments (by PaymentIntent) whose amount is the amount captured and whose application
///   fee is the `application_fee` Stripe took; card-present charges are terminal-gateway's
///   (its own end-of-day reconciles them) and are not checked here;
/// - a refund must be one payments made (`payments.refund`), and a dispute's transaction one
///   of a dispute payments recorded.
/// Pure; thread-safe.
struct StatementReconciler {
    /// The orders of the charges' PaymentIntents, by PaymentIntent id.
    var orders: [String: StatementStore.OrderLine]
    /// The refunds payments recorded (`re_…`).
    var refunds: Set<String>
    /// The disputes payments recorded (`du_…`).
    var disputes: Set<String>

    /// The PaymentIntents, refunds and disputes `transactions` name (what to look up).
    static func references(_ transactions: [BalanceTransaction]) -> (paymentIntents: [String], refunds: [String], disputes: [String]) {
        var intents: Set<String> = []
        var refunds: Set<String> = []
        var disputes: Set<String> = []
        for txn in transactions {
            guard let source = txn.source else { continue }
            if isCharge(txn), let intent = source.object?.paymentIntent { intents.insert(intent) }
            if isRefund(txn) { refunds.insert(source.id) }
            if isDispute(txn) { disputes.insert(source.id) }
        }
        return (intents.sorted(), refunds.sorted(), disputes.sorted())
    }

    /// The discrepancies of `transactions`, in their order.
    func discrepancies(_ transactions: [BalanceTransaction]) -> [StatementDiscrepancy] {
        transactions.flatMap(check)
    }

    private func check(_ txn: BalanceTransaction) -> [StatementDiscrepancy] {
        guard let source = txn.source else { return [] }
        func discrepancy(_ kind: String, order: String? = nil, expected: Int? = nil, actual: Int? = nil) -> StatementDiscrepancy {
            StatementDiscrepancy(
                kind: kind, transaction: txn.id, source: source.id, orderReference: order, currency: txn.currency, expected: expected,
                actual: actual)
        }
        if isCharge(txn) {
            let charge = source.object
            if let type = charge?.paymentMethodType, type.hasSuffix("_present") { return [] }
            guard let intent = charge?.paymentIntent, let order = orders[intent] else { return [discrepancy("unknown_charge")] }
            var found: [StatementDiscrepancy] = []
            if let amount = order.amount, amount != txn.amount {
                found.append(discrepancy("amount_mismatch", order: order.orderReference, expected: amount, actual: txn.amount))
            }
            let fee = (txn.feeDetails ?? []).filter { $0.type == "application_fee" }.reduce(0) { $0 + $1.amount }
            if (order.applicationFeeAmount ?? 0) != fee {
                found.append(discrepancy("fee_mismatch", order: order.orderReference, expected: order.applicationFeeAmount ?? 0, actual: fee))
            }
            return found
        }
        if isRefund(txn), !refunds.contains(source.id) { return [discrepancy("unknown_refund", actual: -txn.amount)] }
        if isDispute(txn), !disputes.contains(source.id) { return [discrepancy("unknown_dispute", actual: txn.amount)] }
        return []
    }

    static func isCharge(_ txn: BalanceTransaction) -> Bool { txn.type == "charge" || txn.type == "payment" }
    static func isRefund(_ txn: BalanceTransaction) -> Bool { txn.type == "refund" || txn.type == "payment_refund" }
    static func isDispute(_ txn: BalanceTransaction) -> Bool {
        txn.reportingCategory == "dispute" || txn.reportingCategory == "dispute_reversal"
    }

    private func isCharge(_ txn: BalanceTransaction) -> Bool { Self.isCharge(txn) }
    private func isRefund(_ txn: BalanceTransaction) -> Bool { Self.isRefund(txn) }
    private func isDispute(_ txn: BalanceTransaction) -> Bool { Self.isDispute(txn) }
}
