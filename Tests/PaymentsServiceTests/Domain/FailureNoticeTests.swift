import Testing
@testable import PaymentsService

@Suite("FailureNotice")
struct FailureNoticeTests {
    @Test("a payment that was processing when it failed: the buyer must act, on every channel")
    func afterProcessing() {
        for channel in [OrderRecord.Channel.checkout, .paymentIntent, .paymentSheet, .serverConfirm, .offSession] {
            #expect(FailureNotice.buyerMustAct(failedFrom: .awaitingPayment, channel: channel), "\(channel)")
        }
    }

    @Test("a decline the buyer sees in the payment form (open, or failed before) needs no notice")
    func inTheSheet() {
        for state in [OrderState.open, .paymentFailed] {
            for channel in [OrderRecord.Channel.checkout, .paymentIntent, .paymentSheet, .serverConfirm] {
                #expect(!FailureNotice.buyerMustAct(failedFrom: state, channel: channel), "\(state) \(channel)")
            }
        }
    }

    @Test("an off-session charge: the buyer is not there, so they must act")
    func offSession() {
        for state in [OrderState.open, .requiresAction, .paymentFailed] {
            #expect(FailureNotice.buyerMustAct(failedFrom: state, channel: .offSession), "\(state)")
        }
    }
}

extension FailureNoticeTests {
    @Test("a failure Stripe reports as after processing counts even when it overtook the processing event")
    func failedLaterWhateverTheOrder() {
        for channel in [OrderRecord.Channel.checkout, .paymentIntent, .paymentSheet] {
            #expect(FailureNotice.buyerMustAct(failedFrom: .open, channel: channel, failedLater: true), "\(channel)")
        }
        #expect(FailureNotice.delayedMethodTypes.isSuperset(of: ["sepa_debit", "us_bank_account"]))
        #expect(!FailureNotice.delayedMethodTypes.contains("card"))
    }
}
