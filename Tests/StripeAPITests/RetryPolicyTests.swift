import Testing
@testable import StripeAPI

@Suite("Retry policy")
struct RetryPolicyTests {
    let policy = RetryPolicy(maxRetries: 3, baseDelay: .milliseconds(500), maxDelay: .seconds(8))

    @Test(
        arguments: [
            (Int?.none, Bool?.none, true), (409, nil, true), (429, nil, true), (500, nil, true), (502, nil, true),
            (503, nil, true), (400, nil, false), (401, nil, false), (402, nil, false), (403, nil, false),
            (404, nil, false), (500, false, false), (503, false, false), (nil, false, false), (400, true, true),
            (402, true, true), (200, nil, false), (200, true, false),
        ] as [(Int?, Bool?, Bool)])
    func decisionForFirstFailure(status: Int?, header: Bool?, expected: Bool) {
        #expect(policy.shouldRetry(status: status, stripeShouldRetry: header, attempt: 0) == expected)
    }

    @Test func stopsAfterMaxRetries() {
        #expect(policy.shouldRetry(status: 500, stripeShouldRetry: nil, attempt: 2))
        #expect(!policy.shouldRetry(status: 500, stripeShouldRetry: nil, attempt: 3))
        #expect(!policy.shouldRetry(status: 500, stripeShouldRetry: true, attempt: 3))
        #expect(!RetryPolicy(maxRetries: 0).shouldRetry(status: nil, stripeShouldRetry: nil, attempt: 0))
    }

    @Test func ceilingsGrowExponentiallyUpToCap() {
        let ceilings = (0..<7).map { policy.delayCeiling(attempt: $0) }
        #expect(ceilings == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(8), .seconds(8)])
        #expect(policy.delayCeiling(attempt: 500) == .seconds(8))
    }

    @Test func fullJitterScalesTheCeiling() {
        #expect(policy.delay(attempt: 2, unit: 0) == .zero)
        #expect(policy.delay(attempt: 2, unit: 1) == .seconds(2))
        #expect(policy.delay(attempt: 2, unit: 0.25) == .milliseconds(500))
        #expect(policy.delay(attempt: 2, unit: 7) == .seconds(2))
    }
}
