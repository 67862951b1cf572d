import Testing

@testable import Runtime

@Suite("Pending acks of a take")
struct PendingAcksTests {
    @Test func theHighestFinishedTagIsAckedAndEverythingIsForgottenAfter() {
        let pending = PendingAcks()
        #expect(pending.isEmpty)
        #expect(!pending.isDue())
        pending.finished(3)
        pending.finished(5)
        pending.finished(4)
        #expect(pending.lastTag == 5)
        pending.add(PendingAcks.Published(messages: [], envelopes: [], ids: [7, 8], startNanos: 0))
        #expect(pending.takePublished().flatMap(\.ids) == [7, 8])
        #expect(pending.takePublished().isEmpty)
        #expect(!pending.isEmpty)
        pending.reset()
        #expect(pending.isEmpty)
        #expect(pending.lastTag == nil)
    }

    @Test func workIsDueForSettlingOnceTheOldestIsOlderThanTheLimit() {
        let pending = PendingAcks()
        let start = ContinuousClock.now
        pending.finished(1)
        #expect(!pending.isDue(at: start))
        #expect(pending.isDue(at: .now + PendingAcks.settleAfter))
        pending.reset()
        #expect(!pending.isDue(at: .now + PendingAcks.settleAfter))
    }
}
