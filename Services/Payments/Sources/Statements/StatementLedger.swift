import Messages
import StripeAPI

/// Sums a connected account's balance transactions into a statement's lines, per currency
/// (see ``StatementTotals`` for each line and the net's identity). Pure; thread-safe.
enum StatementLedger {
    /// The totals of `transactions` (any order), one entry per currency, sorted by currency.
    static func totals(_ transactions: [BalanceTransaction]) -> [StatementTotals] {
        var byCurrency: [String: StatementTotals] = [:]
        for txn in transactions {
            var totals = byCurrency[txn.currency] ?? StatementTotals(currency: txn.currency)
            add(txn, to: &totals)
            byCurrency[txn.currency] = totals
        }
        return byCurrency.keys.sorted().compactMap { byCurrency[$0] }
    }

    /// Adds one transaction to its currency's lines.
    static func add(_ txn: BalanceTransaction, to totals: inout StatementTotals) {
        if isPayout(txn) {
            totals.payouts -= txn.amount
            return
        }
        totals.net += txn.net
        for detail in txn.feeDetails ?? [] {
            switch detail.type {
            case "application_fee": totals.applicationFees += detail.amount
            default: totals.stripeFees += detail.amount
            }
        }
        let undetailed = txn.fee - (txn.feeDetails ?? []).reduce(0) { $0 + $1.amount }
        totals.stripeFees += undetailed
        switch (txn.type, txn.reportingCategory) {
        case ("charge", _), ("payment", _): totals.grossSales += txn.amount
        case ("refund", _), ("payment_refund", _): totals.refunds -= txn.amount
        case (_, "dispute"): totals.disputeWithdrawals -= txn.amount
        case (_, "dispute_reversal"): totals.disputeReinstatements += txn.amount
        case ("adjustment", "fee"): totals.applicationFeeRefunds += txn.amount
        default: totals.other += txn.amount
        }
    }

    /// Payouts and their reversals (`payout`, `payout_failure`, `payout_cancel`).
    static func isPayout(_ txn: BalanceTransaction) -> Bool {
        txn.type == "payout" || txn.type == "payout_failure" || txn.type == "payout_cancel"
    }
}
