import StripeAPI
import Testing
@testable import OnboardingService

@Suite("Payout record")
struct PayoutRecordTests {
    private func payout(_ status: Payout.Status, code: String? = nil) -> Payout {
        Payout(id: "po_1", amount: 4500, currency: "usd", status: status, automatic: true, arrivalDate: 100, failureCode: code)
    }

    @Test("the first event records the payout and is announced; a duplicate changes nothing")
    func firstAndDuplicate() {
        let (record, announce) = PayoutRecord.apply(.payoutCreated, payout: payout(.pending), created: 10, accountId: "acct_1", to: nil)
        #expect(announce && record?.announced == ["payout.created"] && record?.payout.status == .pending)
        let again = PayoutRecord.apply(.payoutCreated, payout: payout(.pending), created: 10, accountId: "acct_1", to: record)
        #expect(again.record == nil && !again.announce)
    }

    @Test("a failure after paid moves it on; a late created is announced without moving the status back")
    func orderAndLateEvents() throws {
        let failed = try #require(
            PayoutRecord.apply(.payoutFailed, payout: payout(.failed, code: "account_closed"), created: 30, accountId: "acct_1", to: nil).record)
        let late = PayoutRecord.apply(.payoutCreated, payout: payout(.pending), created: 10, accountId: "acct_1", to: failed)
        #expect(late.announce)
        #expect(late.record?.payout.status == .failed && late.record?.payout.failureCode == "account_closed")
        #expect(late.record?.announced == ["payout.created", "payout.failed"] && late.record?.lastStripeUpdate == 30)

        let paid = try #require(PayoutRecord.apply(.payoutPaid, payout: payout(.paid), created: 20, accountId: "acct_1", to: nil).record)
        let failedLater = PayoutRecord.apply(.payoutFailed, payout: payout(.failed, code: "no_account"), created: 40, accountId: "acct_1", to: paid)
        #expect(failedLater.announce && failedLater.record?.payout.status == .failed && failedLater.record?.lastStripeUpdate == 40)
    }
}
