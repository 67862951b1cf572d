import Messages
import Testing

/// The rules of `payments.submit_dispute_evidence` that the corpus cannot show compactly:
/// Stripe's combined 150,000-character limit across fields.
@Suite("Dispute evidence rules")
struct DisputeEvidenceValidationTests {
    @Test("each field under the limit, all together over it: validation.too_long on evidence")
    func combinedLength() {
        let half = String(repeating: "a", count: 80_000)
        let command = SubmitDisputeEvidence(
            account: "acct_1", dispute: "dp_1", evidence: DisputeEvidence(productDescription: half, uncategorizedText: half), submit: true)
        #expect(throws: ReplyError.self) { try command.validate() }
        do { try command.validate() } catch { #expect(error.code == ReplyError.Code.tooLong && error.field == "evidence") }
        let fits = SubmitDisputeEvidence(
            account: "acct_1", dispute: "dp_1", evidence: DisputeEvidence(productDescription: half, receipt: "file_1"), submit: false)
        #expect(throws: Never.self) { try fits.validate() }
    }

    @Test("an empty evidence object and a blank text field are refused; file fields are not counted")
    func emptyAndBlank() {
        let empty = SubmitDisputeEvidence(account: "acct_1", dispute: "dp_1", evidence: DisputeEvidence(), submit: true)
        do { try empty.validate(); Issue.record("accepted") } catch { #expect(error.field == "evidence") }
        let blank = SubmitDisputeEvidence(account: "acct_1", dispute: "dp_1", evidence: DisputeEvidence(customerName: " "))
        do { try blank.validate(); Issue.record("accepted") } catch { #expect(error.field == "evidence.customer_name") }
    }
}
