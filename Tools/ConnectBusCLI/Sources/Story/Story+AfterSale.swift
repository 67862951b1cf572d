import Foundation
import Messages

extension Story {
    /// 5. One of the two mugs of the online order comes back.
    func refund() throws(StepFailed) {
        let p = platform, r = references
        p.heading("5. A refund: one of the two mugs of the online order comes back")
        _ = try p.send(
            RefundPayment(account: account, orderReference: r.orderOnline, amount: 2400, reason: .requestedByCustomer), account: account)
        try p.event("payments.order.refunded", ("order_reference", r.orderOnline))
    }

    /// 8. Money after the sale: a card disputed and the dispute won on evidence (on the
    /// simulator's clock), a payout that fails (the prefilled bank account is one Stripe's
    /// test mode closes), and the seller's statement since the story's day began.
    func moneyAfterTheSale() throws(StepFailed) {
        let p = platform, r = references
        p.heading("8. Money after the sale: a card is disputed and the dispute won on evidence; a payout fails; the seller's statement")
        _ = try p.send(
            ConfirmPayment(
                account: account, orderReference: r.orderDisputed, amount: 2000, currency: "usd", paymentMethod: "pm_card_createDispute",
                applicationFeeAmount: 200), account: account)
        try p.event("payments.order.paid", ("order_reference", r.orderDisputed), ("amount", "2000"))
        let opened = try p.event("payments.dispute.opened", ("order_reference", r.orderDisputed))
        let dispute = opened.fields["dispute"] as? String ?? ""
        p.ok("the buyer's bank disputes the payment (\(dispute), fraudulent): 20.00 and Stripe's 15.00 fee withdrawn")
        try p.mail(to: r.sellerEmail, about: "was disputed")
        let submitted = try p.send(
            SubmitDisputeEvidence(
                account: account, dispute: dispute,
                evidence: DisputeEvidence(
                    customerEmailAddress: "buyer@example.com", productDescription: "Stoneware mug",
                    uncategorizedText: "winning_evidence: delivered and signed for"),
                submit: true), account: account)
        p.ok("evidence submitted: the dispute is \(submitted.status.rawValue)")
        try p.advanceClock(seconds: 120)
        try p.event("payments.dispute.closed", ("order_reference", r.orderDisputed), ("status", "won"))
        p.ok("the bank decided on the simulator's clock: won, the 20.00 reinstated (the 15.00 fee is not)")

        // The seller's bank account (prefilled in step 1) is one Stripe's test mode fails
        // payouts to (btok_us_verified_accountClosed); payouts become daily and the clock
        // moves four days.
        _ = try p.send(
            UpdateAccount(account: account, settings: AccountSettings(payouts: .init(schedule: .init(interval: "daily")))), account: account)
        try p.advanceClock(seconds: 3 * 86_400)
        try p.advanceClock(seconds: 86_400)
        let failed = try p.event("onboarding.payout.failed", ("account", account))
        let payout = failed.fields["payout"] as? [String: Any] ?? [:]
        p.ok("payout \(StoryEvent.text(payout["id"]) ?? "None") failed: \(StoryEvent.text(payout["failure_code"]) ?? "None")")
        try p.mail(to: r.sellerEmail, about: "could not be paid to your bank")

        // The statement since the story's day began (UTC), printed; the summary checks its net.
        let from = clockStart / 86_400 * 86_400
        let to = try p.simClock() + 1
        let statement = try p.send(GetStatement(account: account, from: from, to: to), account: account)
        self.statement = statement
        if let bytes = try? MessageCoder.encode(statement) {
            _ = FileManager.default.createFile(atPath: runDirectory + "/statement.json", contents: Data(bytes))
        }
        for line in Self.statementLines(statement) { Output.error(line) }
    }

    /// The statement as the story prints it: counts, one line per currency, one per discrepancy.
    static func statementLines(_ s: GetStatement.Result) -> [String] {
        ["   the seller's statement: \(s.transactions) balance transactions, \(s.discrepancies.count) discrepancies"]
            + s.currencies.map { c in
                "     \(c.currency.uppercased()): gross \(c.grossSales), application fees \(c.applicationFees), Stripe fees \(c.stripeFees), "
                    + "refunds \(c.refunds), disputes -\(c.disputeWithdrawals) +\(c.disputeReinstatements), net \(c.net), paid out \(c.payouts)"
            }
            + s.discrepancies.map { "     does not match: \($0.kind) \($0.source) \($0.orderReference ?? "")" }
    }
}
