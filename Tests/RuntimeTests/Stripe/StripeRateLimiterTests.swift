import Testing
@testable import Runtime

@Suite("StripeRateLimiter and Backoff")
struct StripeRateLimiterTests {
    @Test func bucketAllowsItsBurstThenAsksToWait() {
        let limiter = StripeRateLimiter(ratePerSecond: 10, burst: 2)
        let now = ContinuousClock.now
        #expect(limiter.tryAcquire(now: now) == nil)
        #expect(limiter.tryAcquire(now: now) == nil)
        let wait = limiter.tryAcquire(now: now)
        #expect(wait == .milliseconds(100))
        #expect(limiter.tryAcquire(now: now + .milliseconds(100)) == nil)
    }

    @Test func backoffGrowsToItsCapAndResets() {
        var backoff = Backoff(initial: .milliseconds(100), cap: .seconds(1))
        let delays = (0..<8).map { _ in backoff.next() }
        #expect(delays.allSatisfy { $0 > .zero && $0 <= .milliseconds(1200) })
        #expect(delays[0] <= .milliseconds(120))
        #expect(delays[7] >= .milliseconds(800))
        backoff.reset()
        #expect(backoff.next() <= .milliseconds(120))
    }
}
