import Messages
import StripeAPI
import Testing

@testable import PaymentsService

/// ``StatementLedger`` and ``StatementReconciler`` on fixed balance transactions (no server).
struct StatementLedgerTests {
    private func txn(
        _ id: String, _ type: String, _ amount: Int, category: String? = nil, fees: [BalanceTransaction.FeeDetail] = [],
        currency: String = "usd", source: BalanceTransaction.Source? = nil
    ) -> BalanceTransaction {
        let fee = fees.reduce(0) { $0 + $1.amount }
        return BalanceTransaction(
            id: id, amount: amount, created: 1, currency: currency, fee: fee, feeDetails: fees, net: amount - fee,
            reportingCategory: category ?? type, source: source.map { .object($0) }, type: type)
    }

    @Test func eachLineAndTheNet() {
        let transactions = [
            txn("t1", "charge", 5000, fees: [.init(amount: 500, type: "application_fee"), .init(amount: 175, type: "stripe_fee")]),
            txn("t2", "refund", -1000),
            txn("t3", "adjustment", 100, category: "fee"),
            txn("t4", "adjustment", -2000, category: "dispute", fees: [.init(amount: 1500, type: "stripe_fee")]),
            txn("t5", "adjustment", 2000, category: "dispute_reversal"),
            txn("t6", "payout", -1200),
            txn("t7", "payout_failure", 1200, category: "payout_reversal"),
            txn("t8", "payout", -300),
            txn("t9", "charge", 900, currency: "eur"),
            txn("t10", "reserve_transaction", -50),
        ]
        let totals = StatementLedger.totals(transactions)
        #expect(totals.map(\.currency) == ["eur", "usd"])
        #expect(totals.first == StatementTotals(currency: "eur", grossSales: 900, net: 900))
        let usd = totals[1]
        #expect(
            usd
                == StatementTotals(
                    currency: "usd", grossSales: 5000, applicationFees: 500, stripeFees: 1675, refunds: 1000, applicationFeeRefunds: 100,
                    disputeWithdrawals: 2000, disputeReinstatements: 2000, other: -50, net: 5000 - 675 - 1000 + 100 - 3500 + 2000 - 50,
                    payouts: 300))
        // The identity of the net.
        #expect(
            usd.net
                == usd.grossSales - usd.applicationFees - usd.stripeFees - usd.refunds + usd.applicationFeeRefunds
                - usd.disputeWithdrawals + usd.disputeReinstatements + usd.other)
    }

    @Test func whatDoesNotMatchTheSuitesRecordsIsReported() {
        let sale = BalanceTransaction.Source(id: "ch_1", object: "charge", paymentIntent: "pi_1", charge: "ch_1", paymentMethodType: "card")
        let terminal = BalanceTransaction.Source(
            id: "ch_2", object: "charge", paymentIntent: "pi_2", charge: "ch_2", paymentMethodType: "card_present")
        let stranger = BalanceTransaction.Source(id: "ch_3", object: "charge", paymentIntent: "pi_3", charge: "ch_3", paymentMethodType: "card")
        let transactions = [
            txn("t1", "charge", 5000, fees: [.init(amount: 400, type: "application_fee")], source: sale),
            txn("t2", "charge", 700, source: terminal),
            txn("t3", "charge", 300, source: stranger),
            txn("t4", "refund", -1000, source: .init(id: "re_known", object: "refund", paymentIntent: "pi_1")),
            txn("t5", "refund", -200, source: .init(id: "re_dashboard", object: "refund", paymentIntent: "pi_1")),
            txn("t6", "adjustment", -900, category: "dispute", source: .init(id: "du_x", object: "dispute", paymentIntent: "pi_1")),
        ]
        let wanted = StatementReconciler.references(transactions)
        #expect(wanted.paymentIntents == ["pi_1", "pi_2", "pi_3"] && wanted.refunds == ["re_dashboard", "re_known"] && wanted.disputes == ["du_x"])
        let reconciler = StatementReconciler(
            orders: ["pi_1": StatementStore.OrderLine(orderReference: "o-1", amount: 4999, applicationFeeAmount: 500)],
            refunds: ["re_known"], disputes: [])
        #expect(
            reconciler.discrepancies(transactions) == [
                StatementDiscrepancy(
                    kind: "amount_mismatch", transaction: "t1", source: "ch_1", orderReference: "o-1", currency: "usd", expected: 4999, actual: 5000),
                StatementDiscrepancy(
                    kind: "fee_mismatch", transaction: "t1", source: "ch_1", orderReference: "o-1", currency: "usd", expected: 500, actual: 400),
                StatementDiscrepancy(kind: "unknown_charge", transaction: "t3", source: "ch_3", currency: "usd"),
                StatementDiscrepancy(kind: "unknown_refund", transaction: "t5", source: "re_dashboard", currency: "usd", actual: 200),
                StatementDiscrepancy(kind: "unknown_dispute", transaction: "t6", source: "du_x", currency: "usd", actual: -900),
            ])
    }
}
