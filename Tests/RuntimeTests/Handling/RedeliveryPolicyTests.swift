import Testing
@testable import Runtime

@Suite("RedeliveryPolicy")
struct RedeliveryPolicyTests {
    let policy = RedeliveryPolicy(delays: [.milliseconds(100), .milliseconds(200), .milliseconds(300)])
    let transient = HandlingFailure(code: "store.serialization_failure", message: "x", disposition: .retry)
    let poison = HandlingFailure(code: "validation.malformed_message", message: "x", disposition: .deadLetter)

    @Test func transientFailuresWalkTheDelayQueuesThenPark() {
        #expect(policy.decide(transient, attempt: 0, queue: "q") == .retry(queue: "q.retry.1", attempt: 1))
        #expect(policy.decide(transient, attempt: 1, queue: "q") == .retry(queue: "q.retry.2", attempt: 2))
        #expect(policy.decide(transient, attempt: 2, queue: "q") == .retry(queue: "q.retry.3", attempt: 3))
        #expect(policy.decide(transient, attempt: 3, queue: "q") == .deadLetter(queue: "q.dlq", attempt: 3))
        #expect(policy.decide(transient, attempt: 9, queue: "q") == .deadLetter(queue: "q.dlq", attempt: 9))
    }

    @Test func theLastAttemptIsTheOneATransientFailureParks() {
        for attempt in -1...5 {
            let parks = policy.decide(transient, attempt: attempt, queue: "q").queue == "q.dlq"
            #expect(policy.isLastAttempt(attempt) == parks, "attempt \(attempt)")
        }
        #expect(!policy.isLastAttempt(2))
        #expect(policy.isLastAttempt(3))
        #expect(RedeliveryPolicy(delays: []).isLastAttempt(0))
    }

    @Test func poisonGoesStraightToTheDeadLetterQueue() {
        #expect(policy.decide(poison, attempt: 0, queue: "q") == .deadLetter(queue: "q.dlq", attempt: 0))
        #expect(RedeliveryPolicy(delays: []).decide(transient, attempt: 0, queue: "q").queue == "q.dlq")
    }
}
