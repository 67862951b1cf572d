import Messages
import Testing
@testable import TerminalGateway

@Suite("Capture rules")
struct CapturePlanTests {
    let now = TerminalPaymentMachineTests.t0 + 60

    func plan(_ p: TerminalPayment, _ amount: Int?, key: String = "m:capture", at time: Int? = nil) -> CaptureDecision {
        TerminalPaymentMachine.planCapture(p, amountToCapture: amount, captureKey: key, now: time ?? now)
    }

    func code(_ decision: CaptureDecision) -> String? {
        if case .refuse(let error) = decision { return error.code }
        return nil
    }

    @Test func fullAndPartialCaptures() {
        let p = TerminalPaymentMachineTests.authorized(amount: 1000)
        #expect(plan(p, nil) == .capture(total: 1000))
        #expect(plan(p, 400) == .capture(total: 400))
        #expect(plan(p, 1000) == .capture(total: 1000))
    }

    @Test func overCaptureUpToFiftyDollarsOnSmallAuthorizations() {
        let p = TerminalPaymentMachineTests.authorized(amount: 1000)
        #expect(plan(p, 6000) == .capture(total: 6000))  // 1000 + max(500, 5000)
        #expect(code(plan(p, 6001)) == ReplyError.Code.captureExceedsAuthorized)
    }

    @Test func overCaptureUpToHalfOnLargeAuthorizations() {
        let p = TerminalPaymentMachineTests.authorized(amount: 20000)
        #expect(plan(p, 30000) == .capture(total: 30000))  // 20000 + max(10000, 5000)
        #expect(code(plan(p, 30001)) == ReplyError.Code.captureExceedsAuthorized)
    }

    @Test func overCaptureNeedsCardSupportAndUSD() {
        #expect(
            code(plan(TerminalPaymentMachineTests.authorized(amount: 1000, overcapture: false), 1001))
                == ReplyError.Code.captureExceedsAuthorized)
        #expect(
            code(plan(TerminalPaymentMachineTests.authorized(amount: 1000, currency: "eur"), 1001))
                == ReplyError.Code.captureExceedsAuthorized)
        #expect(OvercapturePolicy.maximumCapturable(authorized: 1000, currency: "USD", overcaptureSupported: true) == 6000)
        #expect(OvercapturePolicy.maximumCapturable(authorized: 1000, currency: "cad", overcaptureSupported: true) == nil)
    }

    @Test func expiredAuthorizationIsRefused() {
        let p = TerminalPaymentMachineTests.authorized()
        guard let expiry = p.expiresAt else {
            Issue.record("an authorized payment has an expiry")
            return
        }
        #expect(plan(p, nil, at: expiry - 1) == .capture(total: 1000))
        #expect(code(plan(p, nil, at: expiry)) == ReplyError.Code.authorizationExpired)
        var lapsed = p
        lapsed.state = .canceled
        lapsed.cancellationReason = "automatic"
        #expect(code(plan(lapsed, nil)) == ReplyError.Code.authorizationExpired)
        lapsed.cancellationReason = "abandoned"
        #expect(code(plan(lapsed, nil)) == ReplyError.Code.invalidState)
    }

    @Test func secondCaptureIsAConflictUnlessItIsTheSameCommand() {
        var p = TerminalPaymentMachineTests.authorized()
        p.state = .captured
        p.captureKey = "m:capture"
        #expect(plan(p, nil, key: "m:capture") == .alreadyCapturedByThisCommand)
        #expect(code(plan(p, nil, key: "other:capture")) == ReplyError.Code.alreadyCaptured)
    }

    @Test func captureRecordedWithoutAKeyAsksStripeWithTheCommandsKey() {
        var p = TerminalPaymentMachineTests.authorized(amount: 1000)
        p.state = .captured
        p.captureKey = nil
        #expect(plan(p, nil) == .askStripeWhoCaptured(total: 1000))
        #expect(plan(p, 700) == .askStripeWhoCaptured(total: 700))
    }

    @Test func notAuthorizedYetAsksForAFreshLook() {
        #expect(plan(TerminalPaymentMachineTests.payment(.processing), nil) == .refresh)
        #expect(plan(TerminalPaymentMachineTests.payment(.requiresPaymentMethod), 10) == .refresh)
    }
}
