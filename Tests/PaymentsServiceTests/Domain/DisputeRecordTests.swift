import Messages
import Testing
@testable import PaymentsService

@Suite("DisputeRecord")
struct DisputeRecordTests {
    private let opened = DisputeRecord(
        dispute: "dp_1", account: "acct_1", orderReference: "o-1", amount: 1999, currency: "usd", reason: "fraudulent",
        status: .needsResponse, evidenceDueBy: 1_000, lastEventAt: 100)

    private func seen(_ status: DisputeStatus, at: Int, withdrawn: Int = 3499, reinstated: Int = 0, submissions: Int = 0) -> DisputeRecord.Observation
    {
        DisputeRecord.Observation(
            status: status, amount: 1999, reason: "fraudulent", evidenceDueBy: 1_000, hasEvidence: submissions > 0,
            submissionCount: submissions, fundsWithdrawn: withdrawn, fundsReinstated: reinstated, at: at)
    }

    @Test("forward moves apply, in whatever order the events come; a closed dispute stays closed")
    func onlyForward() {
        let review = opened.applying(seen(.underReview, at: 150, submissions: 1))
        #expect(review.status == .underReview && review.submissionCount == 1 && review.lastEventAt == 150)
        // A newer event that says needs_response (the draft's update, delivered late) does not move it back.
        #expect(review.applying(seen(.needsResponse, at: 160)).status == .underReview)
        let won = review.applying(seen(.won, at: 200, reinstated: 1999, submissions: 1))
        #expect(won.status == .won && won.outcome == .won && won.fundsReinstated == 1999)
        #expect(won.applying(seen(.underReview, at: 300, submissions: 1)).status == .won)
        // A command's answer, applied as of the newest event, moves forward only.
        #expect(opened.applying(seen(.lost, at: opened.lastEventAt)).outcome == .lost)
    }

    @Test("funds only grow; an inquiry that escalates to a chargeback moves back to needs_response")
    func fundsAndEscalation() {
        let withdrawnLate = opened.applying(seen(.needsResponse, at: 50, withdrawn: 3499))
        #expect(withdrawnLate.fundsWithdrawn == 3499 && withdrawnLate.lastEventAt == 100)
        var inquiry = opened
        inquiry.status = .warningUnderReview
        #expect(inquiry.applying(seen(.needsResponse, at: 120)).status == .needsResponse)
        #expect(inquiry.applying(seen(.needsResponse, at: 100)).status == .warningUnderReview)
        var closedInquiry = opened
        closedInquiry.status = .warningClosed
        #expect(closedInquiry.outcome == .won)
        #expect(closedInquiry.applying(seen(.needsResponse, at: 500)).status == .warningClosed)
    }
}
