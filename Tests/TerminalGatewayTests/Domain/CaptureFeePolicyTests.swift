import Messages
import Testing
@testable import TerminalGateway

@Suite("Capture fee policy")
struct CaptureFeePolicyTests {
    @Test func feeIsPercentOfTheTotalPlusFixedCappedAtTheTotal() {
        let policy = CaptureFeePolicy(percent: 2.5, fixed: 30)
        #expect(policy.fee(total: 2000) == 80)  // 50 + 30
        #expect(policy.fee(total: 1001) == 55)  // 25.025 → 25, + 30
        #expect(policy.fee(total: 1020) == 56)  // 25.5 → 26 (half up), + 30
        #expect(policy.fee(total: 20) == 20)  // never above the total
    }

    /// The decision for a capture of `total` out of 2000 authorized, with the PaymentIntent's fee `current`.
    private func decide(
        explicit: Int? = nil, policy: CaptureFeePolicy? = CaptureFeePolicy(percent: 10), total: Int,
        current: Int?, directCharge: Bool = true, appCreated: Bool = false
    ) -> CaptureFeePolicy.Decision {
        CaptureFeePolicy.decide(
            explicit: explicit, policy: policy, total: total, authorized: 2000, current: current,
            directCharge: directCharge, appCreated: appCreated)
    }

    @Test func theCommandsFeeAlwaysWins() {
        #expect(decide(explicit: 5, total: 2500, current: 200) == .init(fee: 5, correction: .command))
        #expect(decide(explicit: 200, total: 2000, current: 200) == .init(fee: 200, correction: nil))
        #expect(decide(explicit: 5, policy: nil, total: 2000, current: nil) == .init(fee: 5, correction: .command))
    }

    @Test func aChangedTotalIsChargedThePolicysFeeOnTheCapturedTotal() {
        // A tip, a partial capture.
        #expect(decide(total: 2500, current: 200) == .init(fee: 250, correction: .amountChanged))
        #expect(decide(total: 1500, current: 200) == .init(fee: 150, correction: .amountChanged))
        // Already right: sent, nothing corrected.
        #expect(decide(total: 2500, current: 250) == .init(fee: 250, correction: nil))
    }

    @Test func aMissingFeeIsSetOnEveryPath() {
        #expect(decide(total: 2000, current: nil) == .init(fee: 200, correction: .missingFee))
        #expect(decide(total: 2000, current: nil, appCreated: true) == .init(fee: 200, correction: .missingFee))
    }

    @Test func aFullCaptureCorrectsTheAppsFeeButKeepsTheGatewaysOwn() {
        #expect(decide(total: 2000, current: 1, appCreated: true) == .init(fee: 200, correction: .appFee))
        #expect(decide(total: 2000, current: 200, appCreated: true) == .init(fee: nil))
        // The platform's own terminal.create_payment_intent set it.
        #expect(decide(total: 2000, current: 1) == .init(fee: nil))
    }

    @Test func noPolicyOrNoConnectedAccountSendsNoFee() {
        #expect(decide(policy: nil, total: 2500, current: 200) == .init(fee: nil))
        #expect(decide(total: 2500, current: nil, directCharge: false) == .init(fee: nil))
        #expect(decide(total: 2000, current: nil, directCharge: false, appCreated: true) == .init(fee: nil))
    }
}
