import Messages
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

    @Test("a delivery the broker redelivered REDELIVERY_LIMIT times is parked, one below it is not")
    func redeliveryLimit() throws {
        let limited = RedeliveryPolicy(delays: [], redeliveryLimit: 3)
        func envelope(_ count: String?) -> Envelope {
            var headers = MessageHeaders()
            if let count { headers.extra[MessageHeaders.Key.deliveryCount] = count }
            return Envelope(type: "q", appId: "tests", headers: headers, body: [])
        }
        #expect(limited.redeliveryLimitExceeded(envelope(nil), queue: "q") == nil)
        #expect(limited.redeliveryLimitExceeded(envelope("2"), queue: "q") == nil)
        #expect(limited.redeliveryLimitExceeded(envelope("not a number"), queue: "q") == nil)
        #expect(limited.redeliveryLimitExceeded(envelope("-7"), queue: "q") == nil)
        let failure = try #require(limited.redeliveryLimitExceeded(envelope("3"), queue: "q"))
        #expect(failure.code == ReplyError.Code.redeliveryLimit)
        #expect(failure.disposition == .deadLetter)
        #expect(failure.message.contains("redelivered 3 times"))
        #expect(limited.decide(failure, attempt: 0, queue: "q") == .deadLetter(queue: "q.dlq", attempt: 0))
        #expect(RedeliveryPolicy(delays: [], redeliveryLimit: 0).redeliveryLimit == 1)
        #expect(RedeliveryPolicy(delays: []).redeliveryLimit == RedeliveryPolicy.defaultRedeliveryLimit)
        #expect(RedeliveryPolicy.brokerLimitWarning(RedeliveryPolicy.defaultRedeliveryLimit) == nil)
        #expect(RedeliveryPolicy.brokerLimitWarning(19) == nil)
        #expect(RedeliveryPolicy.brokerLimitWarning(20)?.contains("delivery-limit") == true)
    }

    @Test("the broker's x-delivery-count is never written into a republished copy")
    func deliveryCountIsNotCopied() {
        var headers = MessageHeaders()
        headers.extra[MessageHeaders.Key.deliveryCount] = "4"
        headers.extra["x-error-code"] = "internal"
        #expect(headers.deliveryCount == 4)
        #expect(headers.table[MessageHeaders.Key.deliveryCount] == nil)
        #expect(headers.table["x-error-code"] == .string("internal"))
        #expect(MessageHeaders(table: [MessageHeaders.Key.deliveryCount: .int(4)]).deliveryCount == 4)
    }
}
