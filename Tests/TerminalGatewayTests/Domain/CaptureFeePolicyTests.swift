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

    @Test func explicitFeeWinsAndFullCaptureKeepsTheCreatedFee() {
        let policy = CaptureFeePolicy(percent: 10)
        // The command's fee always wins.
        #expect(
            CaptureFeePolicy.feeToSend(
                explicit: 5, policy: policy, total: 2500, authorized: 2000, current: 200,
                directCharge: true) == 5)
        // A tip: recomputed from the captured total.
        #expect(
            CaptureFeePolicy.feeToSend(
                explicit: nil, policy: policy, total: 2500, authorized: 2000, current: 200,
                directCharge: true) == 250)
        // A partial capture too.
        #expect(
            CaptureFeePolicy.feeToSend(
                explicit: nil, policy: policy, total: 1500, authorized: 2000, current: 200,
                directCharge: true) == 150)
        // A full capture keeps the PaymentIntent's fee; without one the policy sets it.
        #expect(
            CaptureFeePolicy.feeToSend(
                explicit: nil, policy: policy, total: 2000, authorized: 2000, current: 200,
                directCharge: true) == nil)
        #expect(
            CaptureFeePolicy.feeToSend(
                explicit: nil, policy: policy, total: 2000, authorized: 2000, current: nil,
                directCharge: true) == 200)
        // No policy, or the platform's own payment: nothing sent.
        #expect(
            CaptureFeePolicy.feeToSend(
                explicit: nil, policy: nil, total: 2500, authorized: 2000, current: 200,
                directCharge: true) == nil)
        #expect(
            CaptureFeePolicy.feeToSend(
                explicit: nil, policy: policy, total: 2500, authorized: 2000, current: nil,
                directCharge: false) == nil)
    }
}
